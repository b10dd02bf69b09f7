/**
 * Keys from a pack are data: `__proto__`, `constructor` or `toString` are ordinary keys there. These helpers keep
 * them so on plain objects (an assignment `obj["__proto__"] = v` would replace the prototype and lose the key).
 */

/** Sets `key` as an own enumerable property, whatever its name. */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__") Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/** Whether `key` is an own property of `obj` (not one inherited from Object.prototype). */
export function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}
