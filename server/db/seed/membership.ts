import { leads, membershipQuestions } from '../schema';
import type { DemoContext } from './demo';

const DAY = 86400_000;

/**
 * The membership demo: four member requests waiting (from /register, in several languages), eight sales
 * leads across the pipeline worked by the admin and the reseller (some follow-ups due today or
 * overdue, for the dashboard), and the membership questions in the portal's five languages.
 */
export async function seedMembership({ tx, branchIds, userIds }: DemoContext): Promise<void> {
  const [johannesburg, capeTown, durban] = branchIds;
  const at = (days: number) => new Date(Date.now() + days * DAY);
  const admin = userIds.admin;
  const rep = userIds.reseller;
  await tx.insert(leads).values([
    // Member requests from the public form.
    { name: 'Mountain View Pharmacy', contactName: 'Nomsa Khumalo', email: 'nomsa@mountainview.example.com', phone: '+27 13 555 1101', clientType: 'stockist', branchId: johannesburg, source: 'register', message: 'We would like to stock your range in our two shops.', locale: 'en', createdAt: at(-3), updatedAt: at(-3) },
    { name: 'Amira Haddad', contactName: 'Amira Haddad', email: 'amira.haddad@example.com', phone: '+27 82 555 1102', clientType: 'individual', branchId: capeTown, source: 'register', message: 'أرغب في الانضمام كعضوة.', locale: 'ar', createdAt: at(-2), updatedAt: at(-2) },
    { name: 'Farmacia Sol', contactName: 'Lucía Fernández', email: 'lucia@farmaciasol.example.com', phone: '+27 31 555 1103', clientType: 'stockist', branchId: durban, source: 'register', message: '', locale: 'es', createdAt: at(-1), updatedAt: at(-1) },
    { name: 'Li Wei', contactName: 'Li Wei', email: 'li.wei@example.com', phone: '+27 83 555 1104', clientType: 'individual', branchId: johannesburg, source: 'register', status: 'contacted', message: '我想了解会员价格。', locale: 'zh', createdAt: at(-6), updatedAt: at(-4) },
    // Sales leads across the pipeline.
    { name: 'Coastal Wellness Group', contactName: 'Grant Peters', email: 'grant@coastalwellness.example.com', phone: '+27 21 555 1201', company: 'Coastal Wellness Group', clientType: 'stockist', branchId: capeTown, source: 'manual', status: 'new', ownerId: admin, notes: 'Met at the Cape Town trade fair.', followUpAt: at(-1), createdAt: at(-10), updatedAt: at(-10) },
    { name: 'Soweto Health Hub', contactName: 'Bongani Zulu', email: 'bongani@sowetohealth.example.com', phone: '+27 11 555 1202', company: 'Soweto Health Hub', clientType: 'stockist', branchId: johannesburg, source: 'rep', status: 'contacted', ownerId: rep, notes: 'Wants samples of the skin care range.', followUpAt: at(0), createdAt: at(-14), updatedAt: at(-5) },
    { name: 'Umhlanga Spa', contactName: 'Priya Govender', email: 'priya@umhlangaspa.example.com', phone: '+27 31 555 1203', company: 'Umhlanga Spa', clientType: 'stockist', branchId: durban, source: 'manual', status: 'qualified', ownerId: admin, notes: 'Budget approved; sending the membership terms.', followUpAt: at(3), createdAt: at(-20), updatedAt: at(-2) },
    { name: 'Pretoria Pharmacy Co-op', contactName: 'Marius du Plessis', email: 'marius@ptacoop.example.com', phone: '+27 12 555 1204', company: 'Pretoria Pharmacy Co-op', clientType: 'stockist', branchId: johannesburg, source: 'rep', status: 'qualified', ownerId: rep, notes: 'Twelve shops; decision at their board meeting.', followUpAt: at(-3), createdAt: at(-30), updatedAt: at(-7) },
    { name: 'Karen Smith', contactName: 'Karen Smith', email: 'karen.smith@example.com', phone: '+27 72 555 1205', clientType: 'individual', branchId: capeTown, source: 'manual', status: 'new', ownerId: rep, notes: 'Called about the individual membership.', createdAt: at(-1), updatedAt: at(-1) },
    { name: 'Bloem Naturals', contactName: 'Elize Venter', email: 'elize@bloemnaturals.example.com', phone: '+27 51 555 1206', company: 'Bloem Naturals', clientType: 'stockist', branchId: johannesburg, source: 'manual', status: 'contacted', ownerId: admin, notes: 'Left a message; call again next week.', followUpAt: at(6), createdAt: at(-8), updatedAt: at(-3) },
    { name: 'East London Chemists', contactName: 'Sizwe Ndlovu', email: 'sizwe@elchemists.example.com', phone: '+27 43 555 1207', company: 'East London Chemists', clientType: 'stockist', branchId: durban, source: 'manual', status: 'lost', ownerId: admin, notes: 'Went with another supplier.', rejectReason: 'Signed with another supplier', createdAt: at(-45), updatedAt: at(-25) },
    { name: 'Stellenbosch Apothecary', contactName: 'Anika Joubert', email: 'anika@stellapothecary.example.com', phone: '+27 21 555 1208', company: 'Stellenbosch Apothecary', clientType: 'stockist', branchId: capeTown, source: 'rep', status: 'lost', ownerId: rep, notes: 'Closed the shop.', createdAt: at(-60), updatedAt: at(-40) },
  ]);
  await tx.insert(membershipQuestions).values([
    {
      position: 0,
      kind: 'text',
      required: true,
      text: {
        en: 'How did you hear about us?',
        ar: 'كيف سمعت عنا؟',
        es: '¿Cómo nos conoció?',
        fr: 'Comment avez-vous entendu parler de nous ?',
        zh: '您是如何了解到我们的？',
      },
    },
    {
      position: 1,
      kind: 'yes_no',
      required: true,
      text: {
        en: 'Do you already sell natural health products?',
        ar: 'هل تبيع منتجات صحية طبيعية بالفعل؟',
        es: '¿Ya vende productos naturales para la salud?',
        fr: 'Vendez-vous déjà des produits de santé naturels ?',
        zh: '您目前是否已在销售天然健康产品？',
      },
    },
    {
      position: 2,
      kind: 'choice',
      required: false,
      choices: ['Skin care', 'Supplements', 'Aromatherapy', 'Display material'],
      text: {
        en: 'Which range interests you most?',
        ar: 'أي مجموعة منتجات تهمك أكثر؟',
        es: '¿Qué gama le interesa más?',
        fr: 'Quelle gamme vous intéresse le plus ?',
        zh: '您最感兴趣的是哪个系列？',
      },
    },
    {
      position: 3,
      kind: 'yes_no',
      required: false,
      text: {
        en: 'May we send you our newsletter?',
        ar: 'هل يمكننا إرسال نشرتنا الإخبارية إليك؟',
        es: '¿Podemos enviarle nuestro boletín?',
        fr: 'Pouvons-nous vous envoyer notre lettre d’information ?',
        zh: '我们可以向您发送新闻简报吗？',
      },
    },
    {
      position: 4,
      kind: 'text',
      required: false,
      text: {
        en: 'Anything else we should know?',
        ar: 'هل هناك أي شيء آخر يجب أن نعرفه؟',
        es: '¿Algo más que debamos saber?',
        fr: 'Autre chose que nous devrions savoir ?',
        zh: '还有其他需要我们了解的吗？',
      },
    },
  ]);
}
