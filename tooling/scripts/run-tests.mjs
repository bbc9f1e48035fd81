// `pnpm test`: every package's tests in two lanes on the 2-core machine. The API suite (the
// longest, ~5 min) starts at once in a turbo run of its own, beside one turbo run of every other
// package's tests one at a time. A single `turbo run test --concurrency=2` started the API suite
// whenever its turn came (3 min in, measured), so the run took the others' time plus the API's.
// Exits non-zero when either lane fails; both always run to the end.
import { spawn } from "node:child_process";

const lane = (args) =>
  new Promise((resolve) => {
    const child = spawn("pnpm", ["exec", "turbo", "run", "test", ...args], { stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const codes = await Promise.all([
  lane(["--filter=@studio/api"]),
  lane(["--filter=!@studio/api", "--concurrency=1", "--continue"]),
]);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
