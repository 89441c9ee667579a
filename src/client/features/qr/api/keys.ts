/** Query keys of the QR codes. */
export const qrKeys = {
  all: ['qr-codes'] as const,
};
