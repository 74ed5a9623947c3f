// Issue 22: the kit everywhere. Two shapes the kit already does once, refused when hand-written again in a remote:
// - `no-fetch-in-effect`: a screen that reads data in a `useEffect` (await, `.then`, `api.*`, `fetch`) instead of
//   `useLoad` / `Loaded` (spinner, 404, Retry, abort on unmount) or `usePagedList` (lists).
// - `no-hand-written-row-action`: one function that asks (`confirm(`), calls, toasts success (`toastSuccess`) and reloads
//   — the whole of `useRowActions().act(id, { ask, run, failure })`; or asks, calls and toasts either outcome
//   (`toastSuccess`, `toastError`) — the whole of a page's `useAction().act({ ask, run, success, failure })`.
// A real exception takes an eslint-disable comment with its reason.

const EFFECTS = new Set(['useEffect', 'useLayoutEffect']);

function calleeName(node) {
  const c = node.callee;
  if (c.type === 'Identifier') return c.name;
  if (c.type === 'MemberExpression' && c.property.type === 'Identifier') return c.property.name;
  return null;
}

function calleeObject(node) {
  const c = node.callee;
  return c.type === 'MemberExpression' && c.object.type === 'Identifier' ? c.object.name : null;
}

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

/** Visits every node under `node`; with `shallow`, not the bodies of functions nested in it. */
function walk(node, visit, shallow = false) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const key of Object.keys(node)) {
    if (key === 'parent' || key === 'loc' || key === 'range') continue;
    const value = node[key];
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!child || typeof child.type !== 'string') continue;
      if (shallow && FUNCTIONS.has(child.type)) continue;
      walk(child, visit, shallow);
    }
  }
}

const noFetchInEffect = {
  meta: {
    type: 'problem',
    docs: { description: 'Read data with the kit (useLoad / Loaded, usePagedList), not in a hand-written effect' },
    messages: {
      fetch:
        'Hand-written loading in {{hook}}: read data with the kit (useLoad + Loaded, or usePagedList for lists) — it shows the spinner, a 404, a Retry and aborts on unmount.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const name = calleeName(node);
        if (!EFFECTS.has(name) || node.arguments.length === 0) return;
        const fn = node.arguments[0];
        if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') return;
        let found = null;
        walk(fn.body, (n) => {
          if (found) return;
          if (n.type === 'AwaitExpression') found = n;
          else if (n.type === 'CallExpression') {
            const callee = calleeName(n);
            if (callee === 'then' || callee === 'fetch' || calleeObject(n) === 'api') found = n;
          }
        });
        if (found) context.report({ node: found, messageId: 'fetch', data: { hook: name } });
      },
    };
  },
};

const noHandWrittenRowAction = {
  meta: {
    type: 'problem',
    docs: { description: 'Row actions (confirm → call → toast → reload) through useRowActions' },
    messages: {
      rowAction:
        'Hand-written row action (confirm, call, success toast, reload): use the kit’s useRowActions(reload).act(id, { ask, run, failure }) and RowActions.',
      pageAction:
        'Hand-written page action (confirm, call, success and error toasts): use the kit’s useAction().act({ ask, run, success, failure }).',
    },
    schema: [],
  },
  create(context) {
    return {
      ':function'(node) {
        if (!FUNCTIONS.has(node.type)) return;
        const seen = { confirm: false, toast: false, error: false, reload: false };
        walk(
          node.body,
          (n) => {
            if (n.type !== 'CallExpression') return;
            const name = calleeName(n);
            if (name === 'confirm') seen.confirm = true;
            else if (name === 'toastSuccess') seen.toast = true;
            else if (name === 'toastError') seen.error = true;
            else if (name === 'reload') seen.reload = true;
          },
          true,
        );
        if (seen.confirm && seen.toast && seen.reload) context.report({ node, messageId: 'rowAction' });
        else if (seen.confirm && seen.toast && seen.error) context.report({ node, messageId: 'pageAction' });
      },
    };
  },
};

export default { rules: { 'no-fetch-in-effect': noFetchInEffect, 'no-hand-written-row-action': noHandWrittenRowAction } };
