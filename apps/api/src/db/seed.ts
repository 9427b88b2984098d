import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { CurrencyCode } from '@fairdraw/domain';
import type { Db, LocalizedText } from './database.ts';
import { hashPassword } from '../lib/passwords.ts';
import { AVATARS } from '../modules/auth/auth.service.ts';
import { seedDraws } from '../modules/draws/draws.seed.ts';
import { seedRecharge } from '../modules/recharge/recharge.seed.ts';

type SeedGame = { code: string; family: string; category: string; name: LocalizedText };

// Demo content for a first start. Everything shown to players says it is a demo; no winners are invented.
const CATEGORIES: { code: string; name: LocalizedText }[] = [
  {
    code: 'pk10',
    name: { th: 'PK10', en: 'PK10', 'zh-cn': 'PK10 赛车', 'zh-hk': 'PK10 賽車', vi: 'PK10', pt: 'PK10' },
  },
  { code: 'dice', name: { th: 'ลูกเต๋า', en: 'Dice', 'zh-cn': '骰子', 'zh-hk': '骰子', vi: 'Xúc xắc', pt: 'Dados' } },
  { code: 'lotto', name: { th: 'หวย', en: 'Lottery', 'zh-cn': '彩票', 'zh-hk': '彩票', vi: 'Xổ số', pt: 'Loteria' } },
];

const GAMES: SeedGame[] = [
  {
    code: 'df_pk10',
    family: 'pk10',
    category: 'pk10',
    name: {
      th: 'PK10 สิบนาที',
      en: 'PK10 ten minutes',
      'zh-cn': 'PK10 十分钟',
      'zh-hk': 'PK10 十分鐘',
      vi: 'PK10 mười phút',
      pt: 'PK10 dez minutos',
    },
  },
  {
    code: 'df_pk10_3',
    family: 'pk10',
    category: 'pk10',
    name: {
      th: 'PK10 สามนาที',
      en: 'PK10 three minutes',
      'zh-cn': 'PK10 三分钟',
      'zh-hk': 'PK10 三分鐘',
      vi: 'PK10 ba phút',
      pt: 'PK10 três minutos',
    },
  },
  {
    code: 'df_pk10_5',
    family: 'pk10',
    category: 'pk10',
    name: {
      th: 'PK10 ห้านาที',
      en: 'PK10 five minutes',
      'zh-cn': 'PK10 五分钟',
      'zh-hk': 'PK10 五分鐘',
      vi: 'PK10 năm phút',
      pt: 'PK10 cinco minutos',
    },
  },
  {
    code: 'df_k3',
    family: 'k3',
    category: 'dice',
    name: { th: 'K3 ลูกเต๋าสามลูก', en: 'K3', 'zh-cn': '快三', 'zh-hk': '快三', vi: 'K3 ba xúc xắc', pt: 'K3 três dados' },
  },
  {
    code: 'xam_6',
    family: 'marksix',
    category: 'lotto',
    name: { th: 'มาร์คซิกซ์', en: 'Mark Six', 'zh-cn': '六合彩', 'zh-hk': '六合彩', vi: 'Mark Six', pt: 'Mark Six' },
  },
  {
    code: 'xy_28',
    family: 'lucky28',
    category: 'lotto',
    name: { th: 'ลัคกี้ 28', en: 'Lucky 28', 'zh-cn': '幸运28', 'zh-hk': '幸運28', vi: 'May mắn 28', pt: 'Sorte 28' },
  },
  {
    code: 'df_ssc',
    family: 'ssc',
    category: 'lotto',
    name: {
      th: 'หวยทันใจ',
      en: 'Instant lottery',
      'zh-cn': '即时彩',
      'zh-hk': '即時彩',
      vi: 'Xổ số tức thì',
      pt: 'Loteria instantânea',
    },
  },
];

const BANNERS: LocalizedText[] = [
  {
    th: 'ผลออกรางวัลที่ตรวจสอบได้ (เว็บสาธิต)',
    en: 'Provably fair draws (demo site)',
    'zh-cn': '可验证的公平开奖（演示网站）',
    'zh-hk': '可驗證的公平開獎（示範網站）',
    vi: 'Kết quả có thể kiểm chứng (trang demo)',
    pt: 'Sorteios comprovadamente justos (site de demonstração)',
  },
  {
    th: 'เจ็ดเกม บัญชีเดียว (เว็บสาธิต)',
    en: 'Seven games, one account (demo site)',
    'zh-cn': '七款游戏，一个账户（演示网站）',
    'zh-hk': '七款遊戲，一個帳戶（示範網站）',
    vi: 'Bảy trò chơi, một tài khoản (trang demo)',
    pt: 'Sete jogos, uma conta (site de demonstração)',
  },
  {
    th: 'เล่นอย่างรับผิดชอบ: สำหรับผู้มีอายุ 18 ปีขึ้นไปเท่านั้น',
    en: 'Play responsibly: adults (18+) only',
    'zh-cn': '理性娱乐：仅限18岁以上成年人',
    'zh-hk': '理性娛樂：只限18歲以上成年人',
    vi: 'Chơi có trách nhiệm: chỉ dành cho người từ 18 tuổi',
    pt: 'Jogue com responsabilidade: apenas maiores de 18 anos',
  },
];

const NOTICE: LocalizedText = {
  th: 'นี่คือเว็บไซต์สาธิต: ใช้เงินจำลองเท่านั้น ไม่มีการฝากหรือถอนเงินจริง',
  en: 'This is a demo site: play money only, no real deposits or withdrawals.',
  'zh-cn': '这是一个演示网站：仅使用虚拟货币，没有真实的存款或提款。',
  'zh-hk': '這是一個示範網站：只使用虛擬貨幣，沒有真實的存款或提款。',
  vi: 'Đây là trang web demo: chỉ dùng tiền ảo, không có nạp hay rút tiền thật.',
  pt: 'Este é um site de demonstração: apenas dinheiro fictício, sem depósitos ou saques reais.',
};

/**
 * A fresh site's promotion (labelled demo): how to check a draw yourself, leading to the draw history, where Verify
 * recomputes any drawn period in the browser. It promises no money; the operator edits, hides or deletes it in the
 * console like any other, and it ends a year after the first start.
 */
const DEMO_PROMOTION: { title: LocalizedText; body: LocalizedText } = {
  title: {
    th: 'ตรวจผลออกรางวัลได้ด้วยตัวเอง (สาธิต)',
    en: 'Check any draw yourself (demo)',
    'zh-cn': '亲自验证每一期开奖（演示）',
    'zh-hk': '親自驗證每一期開獎（示範）',
    vi: 'Tự kiểm chứng mọi kỳ quay (demo)',
    pt: 'Confira você mesmo qualquer sorteio (demonstração)',
  },
  body: {
    th: 'ก่อนเปิดรับแทงทุกงวด เราเผยแพร่ค่าแฮชของเมล็ดสุ่ม หลังออกผลแล้วเปิดเผยเมล็ด เปิดผลย้อนหลังแล้วกด "ตรวจสอบ" เบราว์เซอร์ของคุณจะคำนวณผลใหม่เองโดยไม่ต้องถามเซิร์ฟเวอร์',
    en: 'Before each period opens we publish the hash of its seed; after the draw we reveal the seed. Open the results and tap Verify: your browser recomputes the result itself, without asking the server.',
    'zh-cn':
      '每期开放投注前，我们公布其种子的哈希值；开奖后公开种子。打开开奖结果并点击“验证”，您的浏览器会自行重新计算结果，无需询问服务器。',
    'zh-hk':
      '每期開放投注前，我們公佈其種子的雜湊值；開獎後公開種子。打開開獎結果並點擊「驗證」，您的瀏覽器會自行重新計算結果，無需詢問伺服器。',
    vi: 'Trước khi mỗi kỳ mở cược, chúng tôi công bố mã băm của hạt giống; sau khi quay, chúng tôi công bố hạt giống. Mở kết quả và chạm Xác minh: trình duyệt của bạn tự tính lại kết quả mà không cần hỏi máy chủ.',
    pt: 'Antes de cada período abrir, publicamos o hash da sua semente; depois do sorteio, revelamos a semente. Abra os resultados e toque em Verificar: seu navegador recalcula o resultado sozinho, sem perguntar ao servidor.',
  },
};
/** How long the demo promotion runs from the first start. */
const DEMO_PROMOTION_DAYS = 365;

export type SeedOptions = {
  /** The app's clock at start (app.clock()): the first periods are scheduled from it. */
  now: Date;
  operator?: { account: string; password: string } | undefined;
  /** Zone of the Mark Six play list's lunar year (BUSINESS_TIME_ZONE). */
  timeZone?: string;
  /** The site's CURRENCY: a deposit channel in another currency without a rate is not offered (decision 0007). */
  currency?: CurrencyCode;
};

/**
 * First-start content. Idempotent: each table is filled only while it is empty, under an advisory lock so that
 * several instances starting together on one PostgreSQL seed once.
 */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  const operatorHash = options.operator ? await hashPassword(options.operator.password) : undefined;
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('fairdraw.seed'))`.execute(trx);

    const hasCategories = await trx.selectFrom('game_categories').select('id').limit(1).executeTakeFirst();
    if (!hasCategories) {
      const categoryIds = new Map<string, number>();
      for (const [sort, c] of CATEGORIES.entries()) {
        const row = await trx
          .insertInto('game_categories')
          .values({ code: c.code, name: JSON.stringify(c.name), sort })
          .returning('id')
          .executeTakeFirstOrThrow();
        categoryIds.set(c.code, row.id);
      }
      const hasGames = await trx.selectFrom('games').select('id').limit(1).executeTakeFirst();
      if (!hasGames) {
        await trx
          .insertInto('games')
          .values(
            GAMES.map((g, sort) => ({
              code: g.code,
              family: g.family,
              name: JSON.stringify(g.name),
              image: `/art/games/${g.code}.svg`,
              category_id: categoryIds.get(g.category) ?? 0,
              sort,
            })),
          )
          .execute();
      }
    }

    const hasBanners = await trx.selectFrom('banners').select('id').limit(1).executeTakeFirst();
    if (!hasBanners) {
      await trx
        .insertInto('banners')
        .values(
          BANNERS.map((title, i) => ({
            image: `/art/banners/${i + 1}.svg`,
            url: null,
            title: JSON.stringify(title),
            sort: i,
          })),
        )
        .execute();
    }

    const hasPromotion = await trx.selectFrom('promotions').select('id').limit(1).executeTakeFirst();
    if (!hasPromotion) {
      await trx
        .insertInto('promotions')
        .values({
          title: JSON.stringify(DEMO_PROMOTION.title),
          body: JSON.stringify(DEMO_PROMOTION.body),
          image: '/art/banners/1.svg',
          link: '/history',
          starts_at: options.now,
          ends_at: new Date(options.now.getTime() + DEMO_PROMOTION_DAYS * 86_400_000),
          sort: 0,
          enabled: true,
          created_at: options.now,
          updated_at: options.now,
        })
        .execute();
    }

    const hasNotice = await trx.selectFrom('notices').select('id').limit(1).executeTakeFirst();
    if (!hasNotice) {
      await trx
        .insertInto('notices')
        .values({ body: JSON.stringify(NOTICE), sort: 0 })
        .execute();
    }

    if (options.operator && operatorHash) {
      const account = options.operator.account.trim();
      const exists = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(account)`, '=', account.toLowerCase())
        .executeTakeFirst();
      if (!exists) {
        await trx
          .insertInto('users')
          .values({
            account,
            password_hash: operatorHash,
            nickname: account,
            avatar: AVATARS[randomInt(AVATARS.length)] ?? '/art/avatars/1.svg',
            role: 'operator',
            is_guest: false,
            created_at: options.now,
          })
          .execute();
      }
    }

    // The demo PIX (BRL) and USDT channels have no rate: on a site in another currency they stay disabled until an
    // operator sets one; in their own currency they need none.
    if (options.currency) await seedRecharge(trx, options.currency);

    // Game schedules and play items (modules/draws), for games that have none yet.
    await seedDraws(trx, options.now, options.timeZone ?? 'Asia/Bangkok');
  });
}
