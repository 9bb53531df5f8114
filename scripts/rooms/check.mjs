// Judges a tree by the rooms: each import by where it lands, each module by the tables it names,
// and the rooms' graph for cycles. Known exceptions (work under way) are reported apart, and one that
// no longer happens must leave the list.
import { buildGraph } from './graph.mjs';
import { importRules, roomOf } from './rooms.mjs';
import { tablesNamed } from './tables.mjs';

const roomName = (room) => room.slice(room.indexOf(':') + 1);

function importProblems(graph, config) {
  const rules = importRules(config);
  const problems = [];
  for (const [file, { imports }] of graph) {
    const from = roomOf(file);
    for (const { specifier, target } of imports) {
      const to = target ? roomOf(target) : null;
      if (!target && !(specifier.startsWith('.') || specifier.startsWith('@/'))) {
        // A package: only rules that judge packages look at it.
        const rule = rules.find((r) => r.packages && r.refuses(from, null, specifier, file));
        if (rule)
          problems.push({
            rule: rule.name,
            file,
            key: `${file} -> ${specifier}`,
            what: `imports ${specifier}`,
            instead: rule.instead,
          });
        continue;
      }
      if (!target) continue;
      const rule = rules.find((r) => r.refuses(from, to, specifier, file));
      if (!rule) continue;
      problems.push({
        rule: rule.name,
        file,
        key: `${file} -> ${target}`,
        what: `imports ${target}`,
        instead: rule.instead,
      });
    }
  }
  return problems;
}

function tableProblems(graph, { tableOwners }) {
  const problems = [];
  for (const [file, { text }] of graph) {
    const room = roomOf(file);
    if (!room?.startsWith('server:modules/')) continue;
    const module = roomName(room).slice('modules/'.length);
    const seen = new Set();
    for (const { table, line } of tablesNamed(file, text)) {
      const owner = tableOwners[table];
      if (!owner || owner === module || seen.has(table)) continue;
      seen.add(table);
      const asks = owner.includes('/') ? `the ${owner} helpers it is passed` : `the ${owner} module's service`;
      problems.push({
        rule: 'tables-have-one-owner',
        file,
        key: `${file} names ${table}`,
        what: `names the table ${table} (line ${line}), owned by ${owner}`,
        instead: `only its owner reads or writes a table: ask ${asks} instead`,
      });
    }
  }
  return problems;
}

/** Each room's imports of other rooms, with one file that makes each: the graph the cycles are sought in. */
function roomEdges(graph) {
  const edges = new Map();
  for (const [file, { imports }] of graph) {
    const from = roomOf(file);
    if (!edges.has(from)) edges.set(from, new Map());
    for (const { target } of imports) {
      const to = target && roomOf(target);
      if (to && to !== from && !edges.get(from).has(to)) edges.get(from).set(to, file);
    }
  }
  return edges;
}

/** Strongly connected sets of rooms (Tarjan), each of more than one room: imports that go round. */
export function roomCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const connect = (room) => {
    index.set(room, next);
    low.set(room, next++);
    stack.push(room);
    onStack.add(room);
    for (const to of edges.get(room)?.keys() ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(room, Math.min(low.get(room), low.get(to)));
      } else if (onStack.has(to)) low.set(room, Math.min(low.get(room), index.get(to)));
    }
    if (low.get(room) !== index.get(room)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== room);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const room of [...edges.keys()].sort()) if (!index.has(room)) connect(room);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

function cycleProblems(graph) {
  const edges = roomEdges(graph);
  return roomCycles(edges).map((rooms) => {
    const names = rooms.map(roomName);
    const side = rooms[0].slice(0, rooms[0].indexOf(':'));
    // The imports inside the ring, one file each, so the one to cut can be found.
    const links = rooms.flatMap((from) =>
      [...edges.get(from)]
        .filter(([to]) => rooms.includes(to))
        .map(([to, file]) => `${roomName(from)} -> ${roomName(to)} (${file})`),
    );
    return {
      rule: 'rooms-form-no-cycle',
      file: side === 'server' ? 'server/src' : 'web/src',
      key: `${side}: ${names.join(' <-> ')}`,
      what: `has rooms importing each other in a ring: ${names.join(' <-> ')}, by ${links.join(', ')}`,
      instead:
        'the stairs point one way: move what both need down (shared/, lib/, components/, a base feature or the contract), or pass it in',
    };
  });
}

/**
 * Checks the tree at `root`. Returns the problems, the known exceptions that still happen, and the
 * listed exceptions that no longer happen.
 */
export function checkRooms(root, config) {
  const graph = buildGraph(root);
  const all = [...importProblems(graph, config), ...tableProblems(graph, config), ...cycleProblems(graph)];
  const listed = new Set(config.knownExceptions ?? []);
  const problems = all.filter((problem) => !listed.has(problem.key));
  const known = all.filter((problem) => listed.has(problem.key));
  const happening = new Set(known.map((problem) => problem.key));
  const stale = [...listed].filter((key) => !happening.has(key));
  return { problems, known, stale, files: graph.size };
}

/** One line a person can act on: the file, what it does, the rule and the room to use instead. */
export const describe = (problem) => `${problem.file} ${problem.what}: ${problem.rule}: ${problem.instead}`;
