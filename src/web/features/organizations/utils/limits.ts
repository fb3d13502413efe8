/** Longest organization or team name the forms accept (the engine sets none; a screen has to end somewhere). */
export const NAME_MAX = 100;
