import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  adminKyc,
  adminKycListQuery,
  adminKycPage,
  API,
  avatarQuery,
  avatarResponse,
  envelope,
  kycDecisionRequest,
  kycImageQuery,
  kycIndex,
  profileUpdateRequest,
} from '@fairdraw/contract';
import { z } from 'zod';
import { errors, sessionHeaders } from '../../lib/schemas.ts';
import { operatorRoute, playerRoute } from '../../lib/route-builders.ts';
import { actorOf, playerOf, sessionUserOf } from '../../lib/route-helpers.ts';
import {
  readUpload,
  readUploadForm,
  registerUploads,
  sendPrivateImage,
  sendPublicImage,
  uploadBodyLimit,
  uploadDir,
} from '../../lib/uploads.ts';
import * as uploadQuota from '../uploads/upload-quota.service.ts';
import * as kyc from './kyc.service.ts';
import type { KycDecidedHook } from './kyc.service.ts';
import * as profile from './profile.service.ts';

export type KycRoutesOptions = {
  /** Told of every KYC decision inside its transaction (the messages module sends "KYC decided" through it). */
  onKycDecided?: KycDecidedHook;
};

/** A multipart body, described for the OpenAPI document (the route reads it with readUploadForm). */
const multipartNote = 'multipart/form-data; images are JPEG, PNG or WebP of at most 5 MB, told by their bytes';

const kycRoutes: FastifyPluginCallbackZod<KycRoutesOptions> = (app, opts, done) => {
  const player = playerRoute(app);
  const operator = operatorRoute(app);
  const security = [{ token: [] }];
  const avatars = uploadDir(app.config.dataDir, 'avatars');
  const documents = uploadDir(app.config.dataDir, 'kyc');
  const quota = uploadQuota.quotaOf(app.config);

  // Multipart parsing for this plugin's routes only.
  registerUploads(app, { maxFiles: 2 });

  app.post(
    API.userProfile,
    player({
      tags: ['user'],
      summary: 'Change the nickname',
      body: profileUpdateRequest,
      response: {
        200: envelope(z.object({ nickname: z.string(), avatar: z.string() })),
        ...errors(400, 401, 403, 413, 415, 429),
      },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      const row = await profile.updateNickname(app.db, user.id, request.body.nickname);
      app.forgetSessions(user.id);
      return reply.ok(row);
    },
  );

  app.post(
    API.userAvatar,
    {
      bodyLimit: uploadBodyLimit(1),
      ...player({
        tags: ['user'],
        summary: 'Upload an avatar (file field "avatar"); re-encoded to a 256×256 WebP without metadata',
        description: multipartNote,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(avatarResponse), ...errors(400, 401, 403, 413, 415, 429) },
      }),
    },
    async (request, reply) => {
      const user = playerOf(request);
      // A player already at the day's upload quota is refused before the body is read.
      await uploadQuota.checkRoom(app.db, user.id, 1, app.clock(), quota);
      const form = await readUploadForm(request);
      const answer = await profile.uploadAvatar(app.db, user.id, form, { dir: avatars, now: app.clock(), quota });
      app.forgetSessions(user.id);
      return reply.ok(answer);
    },
  );

  app.get(
    API.userAvatar,
    {
      schema: {
        tags: ['user'],
        summary: 'An avatar image (public; its random name never changes content)',
        querystring: avatarQuery,
        response: { ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => sendPublicImage(reply, request.query.f, await readUpload(avatars, request.query.f)),
  );

  app.get(
    API.kycIndex,
    player({
      tags: ['kyc'],
      summary: 'Own identity verification: none, pending, verified or rejected (with the reason)',
      response: { 200: envelope(kycIndex), ...errors(401, 403, 429) },
    }),
    async (request, reply) => reply.ok(await kyc.kycIndex(app.db, playerOf(request).id)),
  );

  app.post(
    API.kycSubmit,
    {
      bodyLimit: uploadBodyLimit(2),
      ...player({
        tags: ['kyc'],
        summary: 'Submit identity verification: fields real_name, document_number; files front, back',
        description: `${multipartNote}. Refused while a submission is pending or verified; allowed again after a rejection.`,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(kycIndex), ...errors(400, 401, 403, 409, 413, 415, 429) },
      }),
    },
    async (request, reply) => {
      const user = playerOf(request);
      await uploadQuota.checkRoom(app.db, user.id, 2, app.clock(), quota);
      const form = await readUploadForm(request);
      return reply.ok(await kyc.submitKyc(app.db, user, form, { dir: documents, now: app.clock(), quota }));
    },
  );

  app.get(
    API.kycImage,
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['kyc'],
        summary: 'A document photo, for its owner and operators only (anyone else: 404); never cached',
        security,
        headers: sessionHeaders,
        querystring: kycImageQuery,
        response: { ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const image = await kyc.readKycImage(
        app.db,
        sessionUserOf(request),
        request.query.id,
        request.query.side,
        documents,
      );
      return sendPrivateImage(reply, image.name, image.bytes);
    },
  );

  app.get(
    API.adminKycList,
    operator({
      summary: 'Identity verification queue (pending oldest first; decided newest first)',
      querystring: adminKycListQuery,
      response: { 200: envelope(adminKycPage), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) => reply.ok(await kyc.listForOperator(app.db, request.query, app.clock())),
  );

  app.post(
    API.adminKycApprove,
    operator({
      summary: 'Approve a pending identity verification',
      body: kycDecisionRequest,
      response: { 200: envelope(adminKyc), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(
        await kyc.decideKyc(
          app.db,
          actorOf(request),
          { id: request.body.id, status: 'verified' },
          {
            now: app.clock(),
            onDecided: opts.onKycDecided,
          },
        ),
      ),
  );

  app.post(
    API.adminKycReject,
    operator({
      summary: 'Reject a pending identity verification with a reason the player sees',
      body: kycDecisionRequest,
      response: { 200: envelope(adminKyc), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(
        await kyc.decideKyc(
          app.db,
          actorOf(request),
          { id: request.body.id, status: 'rejected', reason: request.body.reason },
          { now: app.clock(), onDecided: opts.onKycDecided },
        ),
      ),
  );
  done();
};

export default kycRoutes;
