/** The zone the server draws a first screen in for a browser (src/firstScreen/drawer.tsx); unset in the browser. */
let drawnFor: string | undefined;
export const showTimesIn = (zone: string) => void (drawnFor = zone);

/**
 * The user's time zone (`Asia/Shanghai`): what a chosen day means, and what the server writes
 * times in for this user (a voucher's mail, the dashboard's days, an exported list).
 */
export const userTimeZone = () => drawnFor ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone a time is shown in when it is not the runtime's own: the browser's, as the server draws for it. */
export const otherTimeZone = () => drawnFor;
