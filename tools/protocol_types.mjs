// web/app/protocol.d.ts, the page's types of the worker protocol, generated from the one
// description of it (web/app/protocol.schema.json, see docs/worker-protocol.md):
//   node tools/protocol_types.mjs           writes the file
//   node tools/protocol_types.mjs --check   fails if the committed file is not what it writes
import { compileFromFile } from "json-schema-to-typescript";
import prettier from "prettier";
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const SCHEMA = fileURLToPath(new URL("../web/app/protocol.schema.json", import.meta.url));
const TYPES = fileURLToPath(new URL("../web/app/protocol.d.ts", import.meta.url));
const BANNER = `// Generated from protocol.schema.json by tools/protocol_types.mjs: edit the schema, then run
// \`node tools/protocol_types.mjs\`. The schema is the protocol's source of truth.`;

const generated = await compileFromFile(SCHEMA, {
  bannerComment: BANNER,
  format: false, // formatted below, as the project's Prettier config says
  additionalProperties: false,
  // Arrays stay arrays (Card[], not [Card, ...Card[]]): the page builds them from plain lists.
  ignoreMinAndMaxItems: true,
  strictIndexSignatures: true,
});
const config = (await prettier.resolveConfig(TYPES)) ?? {};
const types = await prettier.format(generated, { ...config, filepath: TYPES });

if (process.argv.includes("--check")) {
  const committed = await readFile(TYPES, "utf8").catch(() => "");
  if (committed !== types) {
    console.error("web/app/protocol.d.ts differs from what protocol.schema.json generates:");
    console.error("run `node tools/protocol_types.mjs` and commit the result.");
    process.exit(1);
  }
} else {
  await writeFile(TYPES, types);
}
