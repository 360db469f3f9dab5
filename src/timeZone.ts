/**
 * The user's time zone (`Asia/Shanghai`): what a chosen day means, and what the server writes
 * times in for this user (a voucher's mail, the dashboard's days, an exported list).
 */
export const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
