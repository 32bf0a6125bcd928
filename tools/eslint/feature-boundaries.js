import path from 'node:path';

// Web features must not import each other: what two features share lives in src/shared.
const FEATURE = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid imports from one web feature into another' },
    messages: { cross: "Feature '{{from}}' imports from feature '{{to}}'; move the shared code to src/shared." },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = FEATURE.exec(file)?.[1];
    if (!own) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source) + path.sep;
      const other = FEATURE.exec(target)?.[1];
      if (other && other !== own) context.report({ node, messageId: 'cross', data: { from: own, to: other } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
