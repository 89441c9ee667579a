import { reach } from '../platform/reach';

export const deep = reach;
