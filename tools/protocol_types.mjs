// web/app/protocol.d.ts, the page's types of the worker protocol, generated from the one
// description of it (web/app/protocol.schema.json, see docs/worker-protocol.md):
//   node tools/protocol_types.mjs           writes the file
//   node tools/protocol_types.mjs --check   fails if the committed file is not what it writes
import { compile } from "json-schema-to-typescript";
import prettier from "prettier";
import { readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const SCHEMA = fileURLToPath(new URL("../web/app/protocol.schema.json", import.meta.url));
const TYPES = fileURLToPath(new URL("../web/app/protocol.d.ts", import.meta.url));
const BANNER = `// Generated from protocol.schema.json by tools/protocol_types.mjs: edit the schema, then run
// \`node tools/protocol_types.mjs\`. The schema is the protocol's source of truth.`;

/**
 * The schema with every `{"$ref", "description"}` (a property that says what it holds, typed by a
 * definition) written as `{"allOf": [{"$ref"}], "description"}`. Given as it is, the generator
 * takes the description as part of the type and declares the definition once more under a
 * numbered name (`HandReview1`); this way the property keeps its comment and its type is the
 * one definition.
 * @param {unknown} node
 * @returns {unknown}
 */
function refsAlone(node) {
  if (Array.isArray(node)) return node.map(refsAlone);
  if (node === null || typeof node !== "object") return node;
  const { $ref, ...rest } = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, refsAlone(v)]));
  if ($ref === undefined) return rest;
  return Object.keys(rest).length ? { ...rest, allOf: [{ $ref }] } : { $ref };
}

const schema = JSON.parse(await readFile(SCHEMA, "utf8"));
const generated = await compile(refsAlone(schema), schema.title, {
  cwd: dirname(SCHEMA),
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
