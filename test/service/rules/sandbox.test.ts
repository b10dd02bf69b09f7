import { test } from "node:test";
import assert from "node:assert/strict";
import { expectDiagnostics, expectNo, expectValid } from "../../helpers/expect";
import { pack } from "../../helpers/packs";
import { goParseCIDROk } from "../../../server/src/service/util/go-net";

const withSandbox = (sandbox: string) => pack({ version: `version:\n  number: 1\n  sandbox:\n${sandbox}` });

test("a complete sandbox is valid", () => {
  expectValid(
    withSandbox(
      "    network_access: true\n    network_allowlist: [10.0.0.0/8, 10.0.0.1/8, '::1/128', 192.168.1.0/024]\n" +
        "    env_vars: {API_URL: x, _private: '${secrets.X}', A1: ~}\n    additional_packages: [curl, python3.11, g++, libc6-dev]\n",
    ),
  );
  expectValid(withSandbox("    {}\n"));
});

test("sandbox-cidr-invalid: not trimmed, hostnames and bad prefixes rejected", () => {
  expectDiagnostics(withSandbox("    network_allowlist: [10.0.0.0/8, ⟦' 10.0.0.0/8'⟧, ⟦example.com/8⟧, ⟦10.0.0.0/33⟧]\n"), {
    code: "sandbox-cidr-invalid",
    message: "must be a valid CIDR (e.g. 10.0.0.0/8)",
  });
  expectDiagnostics(withSandbox("    network_allowlist: [⟦10.0.0.0⟧]\n"), {
    code: "sandbox-cidr-invalid",
    field: "version.sandbox.network_allowlist[0]",
    message: "must be a valid CIDR (e.g. 10.0.0.0/8)",
  });
  expectNo(withSandbox("    network_allowlist: [0.0.0.0/0]\n"), "sandbox-cidr-invalid");
});

test("CIDR acceptance follows Go's net.ParseCIDR", () => {
  const accepted = [
    "10.0.0.0/8",
    "10.0.0.1/8",
    "0.0.0.0/0",
    "255.255.255.255/32",
    "10.0.0.0/08",
    "10.0.0.0/0000000000000000032",
    "::/0",
    "::1/128",
    "2001:db8::/32",
    "FE80::A/64",
    "::ffff:10.0.0.1/96",
    "::ffff:10.0.0.1/120",
    "1:2:3:4:5:6:7::/64",
  ];
  const rejected = [
    "10.0.0.0",
    "10.0.0.0/",
    "10.0.0.0/33",
    "010.0.0.0/8",
    "10.0.0/8",
    "10.0.0.0/+8",
    "10.0.0.0/-1",
    "10.0.0.0/8/8",
    " 10.0.0.0/8",
    "10.0.0.0/8 ",
    "10.0.0.0/ 8",
    "example.com/8",
    "::/129",
    "fe80::1%eth0/64",
    "1::2::3/64",
    "::1:2:3:4:5:6:7:8/64",
    "[::1]/128",
    "0x0a.0.0.0/8",
    "",
  ];
  for (const s of accepted) assert.equal(goParseCIDROk(s), true, s);
  for (const s of rejected) assert.equal(goParseCIDROk(s), false, s);
});

test("sandbox-env-var-key-invalid: the key is shown raw, at the key", () => {
  expectDiagnostics(withSandbox("    env_vars:\n      OK: 1\n      ⟦1BAD⟧: x\n      ⟦'has space'⟧: y\n"), {
    code: "sandbox-env-var-key-invalid",
    message: "key must match [A-Za-z_][A-Za-z0-9_]*",
  });
  expectDiagnostics(withSandbox("    env_vars:\n      ⟦MY-VAR⟧: x\n"), {
    code: "sandbox-env-var-key-invalid",
    field: "version.sandbox.env_vars[MY-VAR]",
    message: "key must match [A-Za-z_][A-Za-z0-9_]*",
  });
  expectNo(withSandbox("    env_vars: {MY_VAR: x}\n"), "sandbox-env-var-key-invalid");
});

test("sandbox-package-invalid: apt names, no version pins, no capitals", () => {
  expectDiagnostics(withSandbox("    additional_packages: [curl, ⟦curl=7.1⟧, ⟦Python3⟧, ⟦x⟧, ⟦' curl'⟧]\n"), {
    code: "sandbox-package-invalid",
    message: "must be a valid apt package name",
  });
  expectDiagnostics(withSandbox("    additional_packages: [⟦-rf⟧]\n"), {
    code: "sandbox-package-invalid",
    field: "version.sandbox.additional_packages[0]",
    message: "must be a valid apt package name",
  });
  expectNo(withSandbox("    additional_packages: [build-essential]\n"), "sandbox-package-invalid");
});

test("sandbox checks run only when the block is present", () => {
  expectNo(pack({ version: "version:\n  number: 1\n  sandbox: ~\n" }), "sandbox-cidr-invalid");
});
