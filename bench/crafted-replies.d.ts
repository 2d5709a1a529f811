/** Shape name → the unit repeated to the wanted size, or a function making a reply of that size. */
export declare const SHAPES: Readonly<Record<string, string | ((bytes: number) => string)>>;
/** A reply of the given shape, about `bytes` UTF-16 code units long (a repeated unit is never cut). */
export declare function craftReply(shape: string, bytes: number): string;
