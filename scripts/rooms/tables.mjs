// The tables a source file names: in Kysely's builder calls and in the SQL it writes out
// (`sql` templates and statement strings). Only names the owners map knows are judged, so an English
// "from" in a message or a common table expression's alias is never mistaken for a table.
import ts from 'typescript';

// Builder calls whose arguments are table names (`'products as p'`, or an array of them).
const TABLE_CALLS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'using',
  'table',
]);

// A table after the words that introduce one in SQL.
const SQL_TABLE = /\b(?:from|join|into|update|table)\s+(?:only\s+)?["`]?([a-z_][a-z0-9_]*)/gi;
// A plain string or untagged template that is itself an SQL statement.
const STATEMENT = /^\s*(select|insert|update|delete|with|create|drop|alter|replace)\s/i;

const tableOfArgument = (text) =>
  text
    .trim()
    .split(/\s+as\s+|\s+/i)[0]
    .split('.')
    .pop();

/** The tables named in a file, each with the line it is named on. */
export function tablesNamed(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const add = (name, node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ table: name, line: line + 1 });
  };
  const addSql = (sqlText, node) => {
    for (const match of sqlText.matchAll(SQL_TABLE)) add(match[1].toLowerCase(), node);
  };
  const templateText = (template) =>
    ts.isNoSubstitutionTemplateLiteral(template)
      ? template.text
      : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ');

  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (TABLE_CALLS.has(node.expression.name.text)) {
        const [first] = node.arguments;
        const names = first && ts.isArrayLiteralExpression(first) ? first.elements : [first];
        for (const argument of names) {
          if (argument && ts.isStringLiteralLike(argument)) add(tableOfArgument(argument.text), argument);
        }
      }
    } else if (ts.isTaggedTemplateExpression(node)) {
      if (/^sql\b/.test(node.tag.getText(source))) addSql(templateText(node.template), node);
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) &&
      !ts.isTaggedTemplateExpression(node.parent)
    ) {
      const literal = ts.isTemplateExpression(node) ? templateText(node) : node.text;
      if (STATEMENT.test(literal)) addSql(literal, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
