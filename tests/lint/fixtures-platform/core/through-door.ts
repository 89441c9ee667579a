import { door } from '../platform';
import { door as explicit } from '../platform/index';

export const throughDoor = () => door() + explicit();
