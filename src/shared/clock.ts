/**
 * The one source of the current time for domain code: passed in (AppContext.now, a sweep's or a
 * correction's settings) rather than read from the wall clock where it is used, so a test can stand
 * the service on any day.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
