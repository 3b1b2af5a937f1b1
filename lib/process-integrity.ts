/**
 * Whether this process's built-ins are still what the engine made them.
 * A prototype-pollution bug (one request writing onto Object.prototype) leaves
 * a process that answers 500 to every JSON request while its database is
 * fine; the health check must see that, or a load balancer keeps sending
 * traffic to it.
 *
 * The reference is a fresh V8 context (node:vm): the same engine's pristine
 * built-ins, whenever this runs. A snapshot taken at module load would be
 * taken too late if this module loaded after the damage.
 */
import vm from "node:vm";

/**
 * The prototypes a polluting key can reach (`__proto__` of an object, array,
 * function or string value). Only string keys are compared: pollution writes
 * names from requests, while libraries legitimately add symbols (Node's
 * inspect.custom on Error.prototype, for one).
 */
const INSPECTED = ["Object", "Array", "Function", "String", "Number", "Boolean"] as const;

type Shape = Map<string, string>;

/** Own string keys of a prototype, each with what it is ("value:function", "accessor"). */
function shapeOf(proto: object): Shape {
  const shape: Shape = new Map();
  for (const key of Object.getOwnPropertyNames(proto)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(proto, key)!;
    shape.set(key, "value" in descriptor ? `value:${typeof descriptor.value}` : "accessor");
  }
  return shape;
}

let pristine: Record<string, Shape> | undefined;

function pristineShapes(): Record<string, Shape> {
  if (!pristine) {
    const context = vm.createContext({});
    pristine = Object.fromEntries(INSPECTED.map((name) => [name, shapeOf(vm.runInContext(`${name}.prototype`, context) as object)]));
  }
  return pristine;
}

const ROUND_TRIP = '{"a":[1,"two",{"b":null,"c":true}],"d":{}}';

/** The problems found (empty when the process is intact), for the log. */
export function processProblems(): string[] {
  const problems: string[] = [];
  const reference = pristineShapes();
  for (const name of INSPECTED) {
    const expected = reference[name];
    const actual = shapeOf((globalThis as unknown as Record<string, { prototype: object }>)[name].prototype);
    for (const [key, kind] of actual) {
      if (!expected.has(key)) problems.push(`${name}.prototype has an unexpected property "${key}"`);
      else if (expected.get(key) !== kind) problems.push(`${name}.prototype.${key} changed (${expected.get(key)} → ${kind})`);
    }
  }
  try {
    const parsed = JSON.parse(ROUND_TRIP);
    if (JSON.stringify(parsed) !== ROUND_TRIP || Object.keys({}).length !== 0) problems.push("a JSON round trip changed its data");
    // A for-in over {} sees inherited enumerable keys: the symptom itself.
    for (const key in {}) problems.push(`a plain object inherits the enumerable key "${key}"`);
  } catch (error) {
    problems.push(`a JSON round trip failed: ${(error as Error).message}`);
  }
  return problems;
}
