// Reads the Dockerfile's stages and instructions: enough of the format for the image this project
// builds (line continuations, comments, FROM ... AS, COPY with --from/--chown, exec-form CMD), so that
// wordpress/test/compose.test.ts can check it and scripts/runtime-stage.mjs can rebuild its final
// stage without Docker. Anything it does not understand is an error naming the line, not a guess.

/**
 * @typedef {{ keyword: string, args: string, line: number }} Instruction
 * @typedef {{ image: string, name: string | null, line: number, instructions: Instruction[] }} Stage
 */

/**
 * @param {string} text
 * @returns {Stage[]}
 */
export function parseDockerfile(text) {
  /** @type {Stage[]} */
  const stages = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1;
    let logical = lines[i] ?? '';
    if (/^\s*(#|$)/.test(logical)) continue;
    // A trailing backslash continues the instruction; comment lines inside it are dropped.
    while (/\\\s*$/.test(logical) && i + 1 < lines.length) {
      logical = logical.replace(/\\\s*$/, ' ');
      do i++;
      while (i < lines.length && /^\s*#/.test(lines[i] ?? ''));
      logical += lines[i] ?? '';
    }
    const match = /^\s*([A-Za-z]+)\s+(.*?)\s*$/.exec(logical);
    if (!match) throw new Error(`Dockerfile line ${start}: cannot read "${logical.trim()}"`);
    const keyword = (match[1] ?? '').toUpperCase();
    const args = (match[2] ?? '').replace(/\s+/g, ' ');
    if (keyword === 'FROM') {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`Dockerfile line ${start}: cannot read FROM ${args}`);
      stages.push({ image: from[1] ?? '', name: from[2] ?? null, line: start, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile line ${start}: ${keyword} before any FROM`);
    stage.instructions.push({ keyword, args, line: start });
  }
  if (stages.length === 0) throw new Error('Dockerfile: no FROM');
  return stages;
}

/**
 * The arguments of an exec-form instruction (`CMD ["node", "x.js"]`) or of a shell-form one split at
 * spaces (no quoting: COPY paths here have none).
 * @param {string} args
 * @returns {string[]}
 */
function words(args) {
  if (args.startsWith('[')) {
    const parsed = JSON.parse(args);
    if (!Array.isArray(parsed) || !parsed.every((w) => typeof w === 'string')) {
      throw new Error(`Dockerfile: expected a JSON array of strings, got ${args}`);
    }
    return parsed;
  }
  return args.split(' ').filter(Boolean);
}

/**
 * A COPY instruction: where from (a stage's name, or null for the build context), what and where to.
 * @param {Instruction} instruction
 * @returns {{ from: string | null, sources: string[], dest: string }}
 */
export function parseCopy(instruction) {
  if (instruction.keyword !== 'COPY') throw new Error(`line ${instruction.line}: not a COPY`);
  /** @type {string | null} */
  let from = null;
  const rest = [];
  for (const word of words(instruction.args)) {
    const flag = /^--([a-z-]+)(?:=(.*))?$/.exec(word);
    if (!flag) rest.push(word);
    else if (flag[1] === 'from') from = flag[2] ?? null;
    else if (flag[1] !== 'chown' && flag[1] !== 'chmod' && flag[1] !== 'link') {
      throw new Error(`Dockerfile line ${instruction.line}: COPY --${flag[1]} is not understood here`);
    }
  }
  const dest = rest.pop();
  if (dest === undefined || rest.length === 0) {
    throw new Error(`Dockerfile line ${instruction.line}: COPY needs a source and a destination`);
  }
  if (rest.some((source) => /[*?[]/.test(source))) {
    throw new Error(`Dockerfile line ${instruction.line}: COPY with a wildcard is not understood here`);
  }
  return { from, sources: rest, dest };
}

/**
 * The command of a CMD or ENTRYPOINT in exec form.
 * @param {Instruction} instruction
 */
export function execForm(instruction) {
  if (!instruction.args.startsWith('[')) {
    throw new Error(`Dockerfile line ${instruction.line}: ${instruction.keyword} must use the exec form`);
  }
  return words(instruction.args);
}

/**
 * ENV in its `KEY=value` form (several per line allowed; values without spaces).
 * @param {Instruction} instruction
 * @returns {Record<string, string>}
 */
export function parseEnv(instruction) {
  const pairs = words(instruction.args).map((word) => /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(word));
  if (pairs.some((pair) => pair === null)) {
    throw new Error(`Dockerfile line ${instruction.line}: write ENV as KEY=value`);
  }
  return Object.fromEntries(pairs.map((pair) => [pair?.[1], pair?.[2]]));
}

/** One .dockerignore pattern (`**` any folders, `*` and `?` within one name) as a regular expression. */
function ignorePattern(pattern) {
  const body = pattern
    .replace(/^\/+|\/+$/g, '')
    .split(/(\*\*\/|\*\*|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}$`);
}

/**
 * A .dockerignore as a test of paths of the build context: whether Docker leaves `rel` (a path
 * relative to the context, `/`-separated) out, or a folder it is in. Exceptions (`!pattern`) are an
 * error: none is used, and reading them wrong would make the test say the opposite of Docker.
 * @param {string} text
 * @returns {(rel: string) => boolean}
 */
export function dockerignore(text) {
  const patterns = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((pattern) => {
      if (pattern.startsWith('!'))
        throw new Error(`.dockerignore: exceptions (${pattern}) are not understood here`);
      return ignorePattern(pattern);
    });
  return (rel) => {
    const parts = rel.replace(/^\.\/+/, '').split('/');
    return parts.some((_, i) => patterns.some((re) => re.test(parts.slice(0, i + 1).join('/'))));
  };
}
