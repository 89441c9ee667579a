import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts what a test rendered (Vitest runs without globals, so it is not automatic).
afterEach(() => cleanup());
