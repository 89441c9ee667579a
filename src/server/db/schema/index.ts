export * from './auth';
export * from './restaurants';
export * from './customers';
export * from './qr-codes';
export * from './feedback';
export * from './loyalty';
export * from './emails';
export * from './card';
