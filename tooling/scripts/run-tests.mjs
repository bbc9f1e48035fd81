// `pnpm test`: every package's tests through turbo, the API suite (the longest, ~4 min) started at
// once in a turbo run of its own, the other packages one at a time in a second run beside it. A
// single `turbo run test --concurrency=2` starts packages in no fixed order and has left the API
// suite for last (94 s after the start), which the whole run then waited for at its end.
// Exit status: 1 if either run failed.
import { spawn } from "node:child_process";

const turboTest = (args) =>
  new Promise((resolve) => {
    const child = spawn("pnpm", ["exec", "turbo", "run", "test", "--continue", ...args], {
      stdio: "inherit",
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const codes = await Promise.all([
  turboTest(["--filter=@studio/api"]),
  turboTest(["--filter=!@studio/api", "--concurrency=1"]),
]);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
