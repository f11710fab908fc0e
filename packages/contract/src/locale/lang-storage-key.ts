/** Local-storage key that keeps the chosen language (§2 "{product}_LANG_KEY"). */
export function langStorageKey(product: string): string {
  return `${product.toUpperCase()}_LANG_KEY`;
}
