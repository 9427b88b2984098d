import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  adminSupportDetail,
  adminSupportListQuery,
  API,
  envelope,
  paged,
  supportCloseRequest,
  supportConversation,
  supportDetail,
  supportDetailQuery,
  supportListQuery,
  supportOpenRequest,
  supportReplyRequest,
} from '@fairdraw/contract';
import { errors, sessionHeaders } from '../../lib/schemas.ts';
import { operatorRoute, playerRoute } from '../../lib/route-builders.ts';
import { actorOf, playerOf, sessionUserOf } from '../../lib/route-helpers.ts';
import {
  readUpload,
  readUploadForm,
  registerUploads,
  reencodeDocument,
  sendPrivateImage,
  uploadBodyLimit,
  uploadDir,
  withStoredUpload,
} from '../../lib/uploads.ts';
import type { IncomingFile } from '../../lib/uploads.ts';
import * as uploadQuota from '../uploads/upload-quota.service.ts';
import * as support from './support.service.ts';

/**
 * Support conversations. Every message and close is announced on the player's member stream (modules/live), so
 * operator replies appear without a reload (modules/support/README.md).
 */
const supportRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  // Multipart in this plugin's scope only: a reply may carry one image.
  registerUploads(app, { maxFiles: 1 });
  const images = uploadDir(app.config.dataDir, 'support');
  const quota = uploadQuota.quotaOf(app.config);
  /** The image file of a multipart reply, read in preValidation (before the body is validated). */
  const attached = new WeakMap<FastifyRequest, IncomingFile>();
  /**
   * A multipart reply becomes the JSON shape the schema checks: `id` (a number when it is digits) and `body`. A
   * player's reply carries an image (the web sends text alone as JSON): one already at the day's upload quota is
   * refused before the body is read.
   */
  const multipartReply = async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const user = sessionUserOf(request);
    if (user.role === 'player') await uploadQuota.checkRoom(app.db, user.id, 1, app.clock(), quota);
    const form = await readUploadForm(request);
    const id = form.fields.id ?? '';
    request.body = { id: /^\d{1,12}$/.test(id) ? Number(id) : id, body: form.fields.body ?? '' };
    const image = form.files.image;
    if (image !== undefined) attached.set(request, image);
  };
  /**
   * Runs a reply with its image, if one came: re-encoded (metadata dropped) before anything is written, stored under
   * a random name, and removed again if the reply is refused (e.g. the conversation was closed meanwhile).
   */
  const withImage = async <T>(
    request: FastifyRequest,
    write: (image: string | null, size: number) => Promise<T>,
  ): Promise<T> => {
    const file = attached.get(request);
    const encoded = file === undefined ? undefined : await reencodeDocument(file, 'image');
    return withStoredUpload(images, encoded, 'jpg', (name) => write(name, encoded?.length ?? 0));
  };
  // Who may call is settled before the body or query is looked at.
  const player = playerRoute(app);
  const operator = operatorRoute(app);
  const security = [{ token: [] }];

  app.get(
    API.supportList,
    player({
      tags: ['support'],
      summary: 'Own support conversations, latest activity first',
      querystring: supportListQuery,
      response: { 200: envelope(paged(supportConversation)), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) => reply.ok(await support.listOwnConversations(app.db, playerOf(request).id, request.query)),
  );

  app.post(
    API.supportOpen,
    player({
      tags: ['support'],
      summary: 'Open a support conversation with a subject and a first message (at most 3 open at once)',
      body: supportOpenRequest,
      response: { 200: envelope(supportDetail), ...errors(400, 401, 403, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(await support.openConversation(app.db, playerOf(request).id, request.body, app.clock())),
  );

  app.get(
    API.supportDetail,
    {
      // A player reads an own conversation; an operator may fetch an image of any (`image=`).
      preValidation: [app.requireSession],
      schema: {
        tags: ['support'],
        summary: 'One own conversation with its messages (polled for live replies); with image=, that image',
        description:
          "image= answers the image (Cache-Control: private, no-store) to the conversation's player and to operators.",
        security,
        headers: sessionHeaders,
        querystring: supportDetailQuery,
        response: { 200: envelope(supportDetail), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { id, image } = request.query;
      if (image !== undefined) {
        const user = sessionUserOf(request);
        const reader = user.role === 'operator' ? undefined : playerOf(request).id;
        await support.checkImage(app.db, id, image, reader);
        return sendPrivateImage(reply, image, await readUpload(images, image));
      }
      return reply.ok(await support.ownConversation(app.db, playerOf(request).id, id));
    },
  );

  app.post(
    API.supportReply,
    {
      bodyLimit: uploadBodyLimit(1),
      ...player(
        {
          tags: ['support'],
          summary: 'Write to an own open conversation (a closed one answers SUPPORT_CLOSED)',
          description: 'JSON {id, body}, or multipart with fields id and body and one image file `image` (≤ 5 MB).',
          body: supportReplyRequest,
          response: { 200: envelope(supportDetail), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
        },
        multipartReply,
      ),
    },
    async (request, reply) => {
      const user = playerOf(request);
      const now = app.clock();
      return reply.ok(
        await withImage(request, (image, size) =>
          support.replyAsPlayer(app.db, user.id, request.body.id, request.body.body, now, image, (trx) =>
            uploadQuota.count(trx, user.id, [size], now, quota),
          ),
        ),
      );
    },
  );

  app.get(
    API.adminSupportList,
    operator({
      summary: 'Support queue (open by default), each conversation with its player and messages',
      querystring: adminSupportListQuery,
      response: { 200: envelope(paged(adminSupportDetail)), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) => reply.ok(await support.listForOperator(app.db, request.query)),
  );

  app.post(
    API.adminSupportReply,
    {
      bodyLimit: uploadBodyLimit(1),
      ...operator(
        {
          summary: 'Answer an open support conversation, with text, an image or both',
          description: 'JSON {id, body}, or multipart with fields id and body and one image file `image` (≤ 5 MB).',
          body: supportReplyRequest,
          response: { 200: envelope(adminSupportDetail), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
        },
        multipartReply,
      ),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return reply.ok(
        await withImage(request, (image) =>
          support.replyAsOperator(app.db, actor, request.body.id, request.body.body, app.clock(), image),
        ),
      );
    },
  );

  app.post(
    API.adminSupportClose,
    operator({
      summary: 'Close an open support conversation (the player can no longer write to it)',
      body: supportCloseRequest,
      response: { 200: envelope(adminSupportDetail), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(await support.closeConversation(app.db, actorOf(request), request.body.id, app.clock())),
  );
  done();
};

export default supportRoutes;
