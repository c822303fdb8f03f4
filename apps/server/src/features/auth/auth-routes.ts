import {
  confirmEmailRequestSchema,
  emailConfirmedResponseSchema,
  emailSentResponseSchema,
  googleCallbackRequestSchema,
  requestResetRequestSchema,
  resendConfirmationRequestSchema,
  setNewPasswordRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  urlResponseSchema,
  userSchema,
} from '@greenhouse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import {
  anonymous,
  clearSessionCookie,
  signInClient,
  setSessionCookie,
  type UserRow,
  type SessionCookieOptions,
} from '../../lib/auth-context.js';
import type { OpenedSession } from './sessions.js';
import { requestLanguage } from '../../lib/request-language.js';
import { presentUser } from '../users/present-user.js';
import type { AuthService } from './auth-service.js';
import type { GoogleSignIn } from './google-sign-in.js';
import type { SessionStore } from './sessions.js';
import { noContent } from '../../lib/route-docs.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  google: GoogleSignIn | null;
  sessions: SessionStore;
  cookies: SessionCookieOptions;
  config: Config;
}

// Per client address (and per address for sign-in): generous for people, tight for scripts.
const limits = {
  signIn: { max: 10, timeWindow: '5 minutes' },
  signUp: { max: 5, timeWindow: '10 minutes' },
  emailRequest: { max: 5, timeWindow: '15 minutes' },
  googleCallback: { max: 20, timeWindow: '5 minutes' },
};

/**
 * Google sign-in is off on this server (no GOOGLE_CLIENT_ID/SECRET). NOT_FOUND, told apart from any other
 * by `params.reason` (the contracts have no code of its own for it yet), so the web app can say that
 * Google sign-in is off instead of "not found".
 */
const SSO_NOT_CONFIGURED = 'sso_not_configured';
const googleSignInOff = () =>
  new AppError(
    'NOT_FOUND',
    { reason: SSO_NOT_CONFIGURED },
    'Google sign-in is not configured on this server.',
  );

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, google, config } = options;

  // A new session: the cookie for browsers, and request.auth for the CSRF token re-issued with this answer.
  const startSession = (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    { token, ...opened }: OpenedSession,
  ) => {
    setSessionCookie(reply, options.cookies, token);
    request.auth = { ...anonymous(), session: { ...opened, user }, via: 'cookie' };
  };

  app.post(
    '/auth/signup',
    {
      schema: { body: signUpRequestSchema, response: { 201: emailSentResponseSchema } },
      config: { rateLimit: limits.signUp },
    },
    async (request, reply) => {
      await auth.signUp({ ...request.body, language: request.body.language ?? requestLanguage(request) });
      return reply.status(201).send({ email: request.body.email });
    },
  );

  app.post(
    '/auth/email/confirm',
    { schema: { body: confirmEmailRequestSchema, response: { 200: emailConfirmedResponseSchema } } },
    async (request) => auth.confirmEmail(request.body),
  );

  app.post(
    '/auth/email/resend',
    {
      schema: { body: resendConfirmationRequestSchema, response: { 202: emailSentResponseSchema } },
      config: { rateLimit: limits.emailRequest },
    },
    async (request, reply) => {
      await auth.resendConfirmation(request.body.email);
      return reply.status(202).send({ email: request.body.email });
    },
  );

  app.post(
    '/auth/signin',
    {
      schema: { body: signInRequestSchema, response: { 200: userSchema } },
      config: {
        rateLimit: {
          ...limits.signIn,
          keyGenerator: (request: FastifyRequest) =>
            `${request.ip}|${String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
        },
      },
    },
    async (request, reply) => {
      const { user, session } = await auth.signIn(request.body, signInClient(request));
      startSession(request, reply, user, session);
      return presentUser(user, config.prompts);
    },
  );

  app.delete(
    '/auth/signout',
    { config: { openapi: noContent('Signed out (also when no session was open)') } },
    async (request, reply) => {
      if (request.auth.session) await options.sessions.revoke(request.auth.session.tokenHash);
      clearSessionCookie(reply, options.cookies);
      request.auth = anonymous();
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: { body: requestResetRequestSchema, response: { 202: emailSentResponseSchema } },
      config: { rateLimit: limits.emailRequest },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email);
      return reply.status(202).send({ email: request.body.email });
    },
  );

  app.post(
    '/auth/password/reset/set',
    {
      schema: { body: setNewPasswordRequestSchema },
      config: { rateLimit: limits.emailRequest, openapi: noContent('The new password is set') },
    },
    async (request, reply) => {
      await auth.setNewPassword(request.body);
      return reply.status(204).send();
    },
  );

  app.get('/auth/sso/google/url', { schema: { response: { 200: urlResponseSchema } } }, async () => {
    if (!google) throw googleSignInOff();
    return { url: await google.authorizationUrl() };
  });

  app.post(
    '/auth/sso/google/callback',
    {
      schema: { body: googleCallbackRequestSchema, response: { 200: userSchema } },
      config: { rateLimit: limits.googleCallback },
    },
    async (request, reply) => {
      if (!google) throw googleSignInOff();
      const { user, session } = await google.callback(
        request.body,
        requestLanguage(request),
        signInClient(request),
      );
      startSession(request, reply, user, session);
      return presentUser(user, config.prompts);
    },
  );
};
