const { pack, sections } = require("./out/test/helpers/packs.js");
const { cursorContext } = require("./out/server/src/service/model/cursor.js");
const { parseYaml } = require("./out/server/src/service/model/parse.js");
const src = pack({ evaluationSpec: sections.evaluationSpec.replace("judge_mode: deterministic", "judge_mode: ‸") });
const off = src.indexOf("‸"); const text = src.replace("‸", "");
console.log(text.slice(0, off + 30));
const c = cursorContext(parseYaml(text).doc, text, off); delete c.node; console.log(c);
