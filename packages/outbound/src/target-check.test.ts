import { describe, expect, it } from "vitest";
import { classifyAddress } from "./addresses";
import { checkTarget } from "./target-check";

const refusal = (url: string, policy: Parameters<typeof checkTarget>[1] = { schemes: ["http", "https"] }) => {
  const result = checkTarget(url, policy);
  return result.ok ? null : result.refusal;
};

describe("outbound target checks: the URL itself (decisions.md)", () => {
  it.each([
    ["localhost", "http://localhost/x"],
    ["localhost with port and trailing dot, any case", "https://LOCALHOST.:8080/"],
    ["a .localhost name", "https://api.localhost/"],
    ["a .local name", "https://printer.local/"],
    ["a .local name with a trailing dot", "https://printer.local./"],
    ["a .internal name", "https://metadata.google.internal/computeMetadata/v1/"],
  ])("refuses %s", (_label, url) => {
    expect(refusal(url)).toMatchObject({ reason: "host-name" });
  });

  it.each([
    ["IPv4 loopback", "http://127.0.0.1/", "loopback"],
    ["IPv4 loopback, other address of 127/8", "http://127.1.2.3/", "loopback"],
    ["IPv4 loopback written as one decimal number", "http://2130706433/", "loopback"],
    ["IPv4 loopback written in hex", "http://0x7f.1/", "loopback"],
    ["IPv4 loopback written in octal", "http://0177.0.0.1/", "loopback"],
    ["IPv4 unspecified", "http://0.0.0.0/", "unspecified"],
    ["IPv4 this-network", "http://0.1.2.3/", "unspecified"],
    ["IPv4 private 10/8", "http://10.20.30.40/", "private"],
    ["IPv4 private 172.16/12 (low end)", "http://172.16.0.1/", "private"],
    ["IPv4 private 172.16/12 (high end)", "http://172.31.255.255/", "private"],
    ["IPv4 private 192.168/16", "http://192.168.1.1/", "private"],
    ["IPv4 carrier-grade NAT", "http://100.64.0.1/", "private"],
    ["IPv4 link-local (cloud metadata)", "http://169.254.169.254/latest/meta-data/", "link-local"],
    ["IPv4 multicast", "http://224.0.0.1/", "multicast"],
    ["IPv4 broadcast", "http://255.255.255.255/", "reserved"],
    ["IPv4 documentation", "http://192.0.2.10/", "reserved"],
    ["IPv4 benchmarking", "http://198.18.0.1/", "reserved"],
    ["IPv6 loopback", "http://[::1]/", "loopback"],
    ["IPv6 loopback, long form", "http://[0:0:0:0:0:0:0:1]/", "loopback"],
    ["IPv6 unspecified", "http://[::]/", "unspecified"],
    ["IPv6 link-local", "http://[fe80::1]/", "link-local"],
    ["IPv6 link-local, upper range", "http://[febf::1]/", "link-local"],
    ["IPv6 unique-local fc00::/7 (fc)", "http://[fc00::1]/", "unique-local"],
    ["IPv6 unique-local fc00::/7 (fd)", "http://[fd12:3456:789a::1]/", "unique-local"],
    ["IPv6 site-local (deprecated)", "http://[fec0::1]/", "private"],
    ["IPv6 multicast", "http://[ff02::1]/", "multicast"],
    ["IPv4-mapped loopback (dotted)", "http://[::ffff:127.0.0.1]/", "loopback"],
    ["IPv4-mapped loopback (hex)", "http://[::ffff:7f00:1]/", "loopback"],
    ["IPv4-mapped private", "http://[::ffff:10.0.0.1]/", "private"],
    ["IPv4-mapped link-local", "http://[::ffff:169.254.169.254]/", "link-local"],
    ["IPv4-compatible loopback", "http://[::127.0.0.1]/", "loopback"],
    ["NAT64 of a private IPv4", "http://[64:ff9b::10.0.0.1]/", "private"],
    ["6to4 of loopback", "http://[2002:7f00:1::1]/", "loopback"],
    ["IPv6 documentation", "http://[2001:db8::1]/", "reserved"],
  ])("refuses %s", (_label, url, addressClass) => {
    expect(refusal(url)).toMatchObject({ reason: "address", addressClass });
  });

  it.each([
    ["a public name", "https://www.example.com/recipes/1?x=1"],
    ["a public IPv4", "http://8.8.8.8/"],
    ["just outside 172.16/12 (below)", "http://172.15.255.255/"],
    ["just outside 172.16/12 (above)", "http://172.32.0.1/"],
    ["just outside 192.168/16", "http://192.169.0.1/"],
    ["just outside 100.64/10", "http://100.128.0.1/"],
    ["a public IPv6", "http://[2606:4700:4700::1111]/"],
    ["an IPv4-mapped public address", "http://[::ffff:8.8.8.8]/"],
    ["NAT64 of a public IPv4", "http://[64:ff9b::808:808]/"],
    ["a name that merely contains local", "https://localnews.example/"],
    ["a name that merely ends with internal letters", "https://myinternal.example/"],
  ])("accepts %s", (_label, url) => {
    expect(checkTarget(url, { schemes: ["http", "https"] }).ok).toBe(true);
  });

  it("hooks and forwards take https only by default; pages take http too", () => {
    expect(refusal("http://hooks.example.com/x", {})).toEqual({ reason: "scheme", scheme: "http" });
    expect(checkTarget("https://hooks.example.com/x").ok).toBe(true);
    expect(checkTarget("http://hooks.example.com/x", { schemes: ["http", "https"] }).ok).toBe(true);
  });

  it.each([
    "ftp://example.com/file",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "data:text/html,hi",
    "gopher://x/",
  ])("refuses the scheme of %s", (url) => {
    expect(refusal(url)).toMatchObject({ reason: "scheme" });
  });

  it("refuses what is not a URL", () => {
    expect(refusal("not a url")).toEqual({ reason: "invalid-url" });
    expect(refusal("https://")).toEqual({ reason: "invalid-url" });
  });

  it("allowLoopback (WEBHOOK_ALLOW_LOOPBACK=1) lets http://127.0.0.1 through, even under https-only, and nothing else", () => {
    const loopback = { allowLoopback: true };
    expect(checkTarget("http://127.0.0.1:4000/hook", loopback).ok).toBe(true);
    expect(checkTarget("http://[::1]:4000/hook", loopback).ok).toBe(true);
    expect(refusal("http://127.0.0.1:4000/hook", {})).toMatchObject({ reason: "scheme" });
    // Still refused: the name localhost, private ranges, and http to a public host under https-only.
    const pages = { allowLoopback: true, schemes: ["http", "https"] as const };
    expect(refusal("http://localhost:4000/", pages)).toMatchObject({ reason: "host-name" });
    expect(refusal("http://10.0.0.1/", pages)).toMatchObject({ reason: "address", addressClass: "private" });
    expect(refusal("http://169.254.169.254/", pages)).toMatchObject({ addressClass: "link-local" });
    expect(refusal("https://[fd00::1]/", pages)).toMatchObject({ addressClass: "unique-local" });
    expect(refusal("http://hooks.example.com/", loopback)).toMatchObject({ reason: "scheme" });
  });

  it("classifies addresses as DNS answers them (no brackets, zone ids)", () => {
    expect(classifyAddress("fe80::1%eth0")).toBe("link-local");
    expect(classifyAddress("::ffff:192.168.0.1")).toBe("private");
    expect(classifyAddress("93.184.216.34")).toBeNull();
    expect(classifyAddress("2a00:1450:4001:82b::200e")).toBeNull();
    expect(classifyAddress("not-an-ip")).toBeNull();
  });
});
