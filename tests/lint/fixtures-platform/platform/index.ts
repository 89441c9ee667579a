import { reach } from './reach';

export const door = reach;
