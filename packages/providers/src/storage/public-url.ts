/** base + "/" + key, each key segment URL-encoded (keys hold only safe characters today). */
export const publicUrlOf = (base: string, key: string): string =>
  `${base.replace(/\/+$/, "")}/${key.split("/").map(encodeURIComponent).join("/")}`;
