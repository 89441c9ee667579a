import type { Db } from '../db/client';
import { qrCodes } from '../db/schema';
import { insertDefaultAutomations } from '../email/default-automations';
import { buildMainQrCode } from '../../shared/rules/qr-url';
import { slugifyLabel } from '../../shared/rules/slug';
import { MAIN_QR_LABEL } from '../../shared/schemas/qr';
import { createLoyaltyDefaults } from './loyalty';

/**
 * Everything a new venue starts with, whoever creates it (sign-up, the onboarding wizard, a venue added on
 * /etablissements, decision 054): loyalty rules, the main QR row (its PNG is made by the QR feature when the
 * list is read), the 'Dessert offert' reward at 50 points and the five automations. Inside the caller's
 * transaction; returns the main QR.
 */
export async function createVenueDefaults(tx: Db, restaurantId: string) {
  await createLoyaltyDefaults(tx, restaurantId);
  const [qr] = await tx
    .insert(qrCodes)
    .values({
      restaurantId,
      code: buildMainQrCode(restaurantId),
      tableLabel: MAIN_QR_LABEL,
      slug: slugifyLabel(MAIN_QR_LABEL),
      target: 'visit_feedback',
      isPrimary: true,
    })
    .returning({ id: qrCodes.id, code: qrCodes.code, slug: qrCodes.slug });
  await insertDefaultAutomations(tx, restaurantId);
  return qr;
}
