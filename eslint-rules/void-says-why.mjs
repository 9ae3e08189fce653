// A local rule, because no maintained plugin has it: `void promise` discards the promise on purpose, and the
// reader must learn why (the store shows its own failures, the page is closing, …) from a comment on the
// `void`'s line or on the line above. With type information only a `void` of something thenable (or `any`)
// is held to it; without it (JS files) every `void` of an expression other than a literal is.

/** True when a value of this type may be a promise: a `then` method on it or on a member of its union. */
function mayBeThenable(checker, type) {
  if (type.flags & (1 | 2)) return true; // any, unknown: nothing says it is not a promise
  if (type.isUnion()) return type.types.some((member) => mayBeThenable(checker, member));
  const then = checker.getPropertyOfType(checker.getApparentType(type), 'then');
  if (!then || !then.valueDeclaration) return Boolean(then);
  return checker.getTypeOfSymbolAtLocation(then, then.valueDeclaration).getCallSignatures().length > 0;
}

/**
 * A comment that speaks to the reader, not a bare directive to a tool (`eslint-disable`, `@ts-expect-error`, …): a
 * directive's description (`-- why`) speaks to the reader too.
 */
const isBareDirective = (text) => /^\s*(eslint|global\b|@ts-|istanbul|webpack)/.test(text) && !/\s--\s*\S/.test(text);

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'A `void` that discards a promise says why, in a comment on its line or the line above.' },
    schema: [],
    messages: {
      why: 'This `void` discards a promise without saying why: add a comment on its line or the line above (e.g. `// Fire and forget: the store shows its own failures.`), or await it.',
    },
  },
  create(context) {
    const { sourceCode } = context;
    const services = sourceCode.parserServices;
    const checker = services?.program && services.esTreeNodeToTSNodeMap ? services.program.getTypeChecker() : null;
    let sameLine = null;
    let lineAbove = null;
    /** The lines a comment covers, and the lines just below a comment that stands on its own line(s). */
    const indexComments = () => {
      sameLine = new Set();
      lineAbove = new Set();
      for (const comment of sourceCode.getAllComments()) {
        if (isBareDirective(comment.value) || comment.value.replace(/[\s*/]/g, '') === '') continue;
        for (let line = comment.loc.start.line; line <= comment.loc.end.line; line += 1) sameLine.add(line);
        // On its own line: nothing before it there but the `{` of a JSX comment (`{/* why */}`).
        let before = sourceCode.getTokenBefore(comment, { includeComments: false });
        while (before && before.loc.end.line === comment.loc.start.line && (before.value === '{' || (before.type === 'JSXText' && before.value.trim() === ''))) {
          before = sourceCode.getTokenBefore(before, { includeComments: false });
        }
        if (!before || before.loc.end.line < comment.loc.start.line) lineAbove.add(comment.loc.end.line + 1);
      }
    };
    return {
      'UnaryExpression[operator="void"]'(node) {
        if (node.argument.type === 'Literal') return; // `void 0` is `undefined`, not a discarded promise
        if (checker && !mayBeThenable(checker, services.getTypeAtLocation(node.argument))) return;
        if (sameLine === null) indexComments();
        const line = node.loc.start.line;
        if (sameLine.has(line) || lineAbove.has(line)) return;
        context.report({ node, messageId: 'why' });
      },
    };
  },
};
