import ts from 'typescript';

/**
 * The words a component shows that are written in its code rather than taken from the message
 * catalogue: JSX text, string literals inside JSX, and the attributes a shopper reads or hears
 * (aria-label, placeholder, title, alt, label). Text without a letter (a '·', a '₹', a number), or an
 * example email address, is no word.
 */

const SHOWN_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
]);
/** An example address (you@example.in) is the same in every language: no word. */
const hasWords = (text: string) => /\p{L}{2,}/u.test(text) && !/^\S+@\S+$/.test(text.trim());

export interface LiteralWord {
  line: number;
  text: string;
}

export function literalWords(fileName: string, source: string): LiteralWord[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LiteralWord[] = [];
  const add = (node: ts.Node, text: string) => {
    if (hasWords(text))
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text);
    else if (ts.isJsxAttribute(node) && SHOWN_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) add(value, value.text);
      if (value && ts.isJsxExpression(value) && value.expression) literalsIn(value.expression);
    } else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      literalsIn(node.expression);
    }
    ts.forEachChild(node, visit);
  };
  /** Text literals an expression shows as they are: 'x', `x ${y}`, a ? 'x' : 'y', a || 'x'. */
  const literalsIn = (expression: ts.Expression) => {
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
      add(expression, expression.text);
    else if (ts.isTemplateExpression(expression)) {
      add(expression, [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].join(' '));
    } else if (ts.isConditionalExpression(expression)) {
      literalsIn(expression.whenTrue);
      literalsIn(expression.whenFalse);
    } else if (ts.isBinaryExpression(expression)) {
      literalsIn(expression.left);
      literalsIn(expression.right);
    } else if (ts.isParenthesizedExpression(expression)) literalsIn(expression.expression);
  };
  visit(file);
  return found;
}
