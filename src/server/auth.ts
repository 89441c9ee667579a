import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { magicLink } from 'better-auth/plugins';
import type { Db } from './db/client';
import { account, rateLimit, session, user, verification } from './db/schema';
import { emailButton, escapeHtml, wrapEmailHtml } from './email/layout';
import type { Mailer } from './email/transport';
import type { Env } from './env';
import type { Logger } from './lib/logger';

export type AuthDeps = { env: Env; db: Db; mailer: Mailer; logger: Logger };

/** Sends an auth email; a failure is logged and never breaks the request that asked for it. */
async function sendAuthMail(deps: AuthDeps, to: string, subject: string, body: string): Promise<void> {
  try {
    await deps.mailer.send({ to, subject, html: wrapEmailHtml(body) });
  } catch (error) {
    deps.logger.error({ err: error, to: to.replace(/^[^@]*/, '***') }, 'auth email failed');
  }
}

export function createAuth(deps: AuthDeps) {
  const { env, db } = deps;
  return betterAuth({
    appName: 'ReFeed',
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, rateLimit } }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, url }) => {
        await sendAuthMail(
          deps,
          u.email,
          'Réinitialisez votre mot de passe ReFeed',
          `<p>Bonjour,</p><p>Pour choisir un nouveau mot de passe, cliquez sur le bouton ci-dessous. Ce lien est valable une heure.</p>${emailButton(url, 'Réinitialiser mon mot de passe')}<p>Si vous n’êtes pas à l’origine de cette demande, ignorez cet email.</p>`,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user: u, url }) => {
        await sendAuthMail(
          deps,
          u.email,
          'Confirmez votre adresse email',
          `<p>Bonjour ${escapeHtml(u.name)},</p><p>Confirmez votre adresse email pour activer votre espace ReFeed.</p>${emailButton(url, 'Confirmer mon email')}`,
        );
      },
    },
    plugins: [
      magicLink({
        expiresIn: 15 * 60,
        sendMagicLink: async ({ email, url }) => {
          await sendAuthMail(
            deps,
            email,
            'Votre lien de connexion ReFeed',
            `<p>Bonjour,</p><p>Cliquez ci-dessous pour vous connecter. Ce lien est valable 15 minutes et ne sert qu’une fois.</p>${emailButton(url, 'Me connecter')}`,
          );
        },
      }),
    ],
    rateLimit: { enabled: env.NODE_ENV !== 'test', storage: 'database', window: 60, max: 100 },
    advanced: {
      useSecureCookies: env.NODE_ENV === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    logger: { disabled: env.NODE_ENV === 'test' },
  });
}

export type Auth = ReturnType<typeof createAuth>;
