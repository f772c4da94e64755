import type { TranslationMessages } from 'ra-core';
import { mergeMessages } from './merge';
import { crmAr } from './crm/ar';
import { dashboardAr } from './dashboard/ar';
import { membersAr } from './members/ar';
import { membershipAr } from './membership/ar';
import { ordersAr } from './orders/ar';
import { productsAr } from './products/ar';
import { repsAr } from './reps/ar';
import { mailingAr } from './mailing/ar';
import { auditAr } from './audit/ar';
import { billingAr } from './billing/ar';
import { securityAr } from './security/ar';
import { offlineAr } from './offline/ar';
import { webhooksAr } from './webhooks/ar';
import { reportsAr } from './reports/ar';
import { bankingAr } from './banking/ar';
import { commissionsAr } from './commissions/ar';
import { stockAr } from './stock/ar';
import { courierAr } from './courier/ar';
import { deliveriesAr } from './deliveries/ar';
import { privacyAr } from './privacy/ar';
import { consentAr } from './consent/ar';
import { engagementAr } from './engagement/ar';
import { automailAr } from './automail/ar';
import { liveAr } from './live/ar';
import { appAr } from './app.ar';

/**
 * Arabic (Modern Standard Arabic): react-admin's messages are ours, there is no Arabic pack.
 *
 * Plurals: Polyglot's rule for `ar` has six forms (0, 1, 2, 3–10, 11–99, 100–102…) and falls back
 * to the first form when a message has fewer. So a two-form message is read as
 * "every count except 1 |||| exactly 1": the FIRST form is the count-neutral one with
 * `%{smart_count}` (“عدد العناصر المحددة: 5” reads right for any number), the SECOND is the
 * singular. The order is the reverse of English on purpose; tests/unit/i18n.test.ts renders these
 * messages through Polyglot to keep it that way.
 */
const ar = {
  ra: {
    action: {
      add_filter: 'إضافة عامل تصفية',
      add: 'إضافة',
      back: 'رجوع',
      bulk_actions: 'عدد العناصر المحددة: %{smart_count} |||| تم تحديد عنصر واحد',
      cancel: 'إلغاء',
      clear_array_input: 'مسح القائمة',
      clear_input_value: 'مسح القيمة',
      clone: 'استنساخ',
      confirm: 'تأكيد',
      create: 'إنشاء',
      create_item: 'إنشاء %{item}',
      delete: 'حذف',
      edit: 'تعديل',
      export: 'تصدير',
      list: 'القائمة',
      refresh: 'تحديث',
      remove_filter: 'إزالة عامل التصفية هذا',
      remove_all_filters: 'إزالة كل عوامل التصفية',
      remove: 'إزالة',
      reset: 'إعادة تعيين',
      save: 'حفظ',
      search: 'بحث',
      search_columns: 'البحث في الأعمدة',
      select_all: 'تحديد الكل',
      select_all_button: 'تحديد الكل',
      select_row: 'تحديد هذا الصف',
      show: 'عرض',
      sort: 'فرز',
      undo: 'تراجع',
      unselect: 'إلغاء التحديد',
      expand: 'توسيع',
      close: 'إغلاق',
      open_menu: 'فتح القائمة',
      close_menu: 'إغلاق القائمة',
      update: 'تحديث',
      move_up: 'نقل لأعلى',
      move_down: 'نقل لأسفل',
      open: 'فتح',
      toggle_theme: 'التبديل بين الوضع الفاتح والداكن',
      select_columns: 'الأعمدة',
      update_application: 'إعادة تحميل التطبيق',
    },
    boolean: {
      true: 'نعم',
      false: 'لا',
      null: ' ',
    },
    page: {
      create: 'إنشاء %{name}',
      dashboard: 'لوحة التحكم',
      edit: '%{name} %{recordRepresentation}',
      error: 'حدث خطأ ما',
      list: '%{name}',
      loading: 'جارٍ التحميل',
      not_found: 'غير موجود',
      show: '%{name} %{recordRepresentation}',
      empty: 'لا توجد سجلات في %{name} حتى الآن.',
      invite: 'هل تريد إضافة سجل؟',
      access_denied: 'تم رفض الوصول',
      authentication_error: 'خطأ في المصادقة',
    },
    input: {
      file: {
        upload_several: 'اسحب الملفات وأفلتها هنا لرفعها، أو انقر لاختيار ملف.',
        upload_single: 'اسحب ملفًا وأفلته هنا لرفعه، أو انقر لاختياره.',
      },
      image: {
        upload_several: 'اسحب الصور وأفلتها هنا لرفعها، أو انقر لاختيار صورة.',
        upload_single: 'اسحب صورة وأفلتها هنا لرفعها، أو انقر لاختيارها.',
      },
      references: {
        all_missing: 'تعذّر العثور على بيانات المراجع.',
        many_missing: 'يبدو أن مرجعًا واحدًا على الأقل من المراجع المرتبطة لم يعد متاحًا.',
        single_missing: 'يبدو أن المرجع المرتبط لم يعد متاحًا.',
      },
      password: {
        toggle_visible: 'إخفاء كلمة المرور',
        toggle_hidden: 'إظهار كلمة المرور',
      },
    },
    message: {
      about: 'حول',
      access_denied: 'ليست لديك الصلاحيات اللازمة للوصول إلى هذه الصفحة',
      are_you_sure: 'هل أنت متأكد؟',
      authentication_error: 'أعاد خادم المصادقة خطأً، وتعذّر التحقق من بيانات اعتمادك.',
      auth_error: 'حدث خطأ أثناء التحقق من رمز المصادقة.',
      bulk_delete_content:
        'هل أنت متأكد من حذف هذه العناصر (%{smart_count})؟ |||| هل أنت متأكد من حذف هذا العنصر (%{name})؟',
      bulk_delete_title: 'حذف %{smart_count} من %{name} |||| حذف %{name}',
      bulk_update_content:
        'هل أنت متأكد من تحديث هذه العناصر (%{smart_count})؟ |||| هل أنت متأكد من تحديث %{name} %{recordRepresentation}؟',
      bulk_update_title: 'تحديث %{smart_count} من %{name} |||| تحديث %{name} %{recordRepresentation}',
      clear_array_input: 'هل أنت متأكد من مسح القائمة بأكملها؟',
      delete_content: 'هل أنت متأكد من حذف هذا العنصر (%{name})؟',
      delete_title: 'حذف %{name} %{recordRepresentation}',
      details: 'التفاصيل',
      error: 'حدث خطأ من جهة المتصفح، وتعذّر إكمال طلبك.',
      invalid_form: 'النموذج غير صالح. يُرجى التحقق من الأخطاء',
      loading: 'يُرجى الانتظار',
      no: 'لا',
      not_found: 'إما أنك كتبت عنوان URL خاطئًا، أو اتبعت رابطًا غير صالح.',
      select_all_limit_reached:
        'عدد العناصر أكبر من أن يُحدَّد كله. تم تحديد العناصر الأولى فقط، وعددها %{max}.',
      unsaved_changes: 'لم يتم حفظ بعض التغييرات. هل أنت متأكد من أنك تريد تجاهلها؟',
      yes: 'نعم',
      placeholder_data_warning: 'مشكلة في الشبكة: تعذّر تحديث البيانات.',
    },
    navigation: {
      clear_filters: 'مسح عوامل التصفية',
      no_filtered_results: 'لم يتم العثور على نتائج في %{name} باستخدام عوامل التصفية الحالية.',
      no_results: 'لم يتم العثور على نتائج في %{name}',
      no_more_results: 'رقم الصفحة %{page} خارج النطاق. جرّب الصفحة السابقة.',
      page_out_of_boundaries: 'رقم الصفحة %{page} خارج النطاق',
      page_out_from_end: 'لا يمكن الانتقال إلى ما بعد الصفحة الأخيرة',
      page_out_from_begin: 'لا يمكن الانتقال إلى ما قبل الصفحة 1',
      page_range_info: '%{offsetBegin}-%{offsetEnd} من %{total}',
      partial_page_range_info: '%{offsetBegin}-%{offsetEnd} من أكثر من %{offsetEnd}',
      current_page: 'الصفحة %{page}',
      page: 'الانتقال إلى الصفحة %{page}',
      first: 'الانتقال إلى الصفحة الأولى',
      last: 'الانتقال إلى الصفحة الأخيرة',
      next: 'الانتقال إلى الصفحة التالية',
      previous: 'الانتقال إلى الصفحة السابقة',
      page_rows_per_page: 'عدد الصفوف في الصفحة:',
      skip_nav: 'انتقل إلى المحتوى',
    },
    sort: {
      sort_by: 'الترتيب حسب %{field_lower_first} %{order}',
      ASC: 'تصاعديًا',
      DESC: 'تنازليًا',
    },
    auth: {
      auth_check_error: 'يُرجى تسجيل الدخول للمتابعة',
      user_menu: 'الملف الشخصي',
      username: 'اسم المستخدم',
      password: 'كلمة المرور',
      email: 'البريد الإلكتروني',
      sign_in: 'تسجيل الدخول',
      sign_in_error: 'فشلت المصادقة، يُرجى المحاولة مرة أخرى',
      logout: 'تسجيل الخروج',
    },
    notification: {
      updated: 'عدد العناصر المحدَّثة: %{smart_count} |||| تم تحديث العنصر',
      created: 'تم إنشاء العنصر',
      deleted: 'عدد العناصر المحذوفة: %{smart_count} |||| تم حذف العنصر',
      bad_item: 'عنصر غير صحيح',
      item_doesnt_exist: 'العنصر غير موجود',
      http_error: 'خطأ في الاتصال بالخادم',
      data_provider_error: 'خطأ في dataProvider. راجع وحدة التحكم للاطلاع على التفاصيل.',
      i18n_error: 'تعذّر تحميل الترجمات الخاصة باللغة المحددة',
      canceled: 'تم إلغاء الإجراء',
      logged_out: 'انتهت جلستك، يُرجى تسجيل الدخول مجددًا.',
      not_authorized: 'غير مصرّح لك بالوصول إلى هذا المورد.',
      application_update_available: 'يتوفر إصدار جديد.',
      offline: 'لا يوجد اتصال. تعذّر جلب البيانات.',
    },
    validation: {
      required: 'مطلوب',
      minLength: 'يجب ألا يقل عدد الأحرف عن %{min}',
      maxLength: 'يجب ألا يزيد عدد الأحرف على %{max}',
      minValue: 'يجب ألا تقل القيمة عن %{min}',
      maxValue: 'يجب ألا تزيد القيمة على %{max}',
      number: 'يجب أن تكون القيمة رقمًا',
      email: 'يجب أن يكون بريدًا إلكترونيًا صالحًا',
      oneOf: 'يجب أن تكون القيمة إحدى القيم التالية: %{options}',
      regex: 'يجب أن يطابق تنسيقًا محددًا (تعبير نمطي): %{pattern}',
      unique: 'يجب أن تكون القيمة فريدة',
    },
    saved_queries: {
      label: 'الاستعلامات المحفوظة',
      query_name: 'اسم الاستعلام',
      new_label: 'حفظ الاستعلام الحالي...',
      new_dialog_title: 'حفظ الاستعلام الحالي باسم',
      remove_label: 'إزالة الاستعلام المحفوظ',
      remove_label_with_name: 'إزالة الاستعلام «%{name}»',
      remove_dialog_title: 'إزالة الاستعلام المحفوظ؟',
      remove_message: 'هل أنت متأكد من إزالة هذا العنصر من قائمة الاستعلامات المحفوظة؟',
      help: 'قم بتصفية القائمة واحفظ هذا الاستعلام لاستخدامه لاحقًا',
    },
    guesser: {
      empty: {
        title: 'لا توجد بيانات لعرضها',
        message: 'يُرجى التحقق من مزوّد البيانات',
      },
    },
    configurable: {
      customize: 'تخصيص',
      configureMode: 'تهيئة هذه الصفحة',
      inspector: {
        title: 'أداة الفحص',
        content: 'مرِّر المؤشر فوق عناصر واجهة التطبيق لتهيئتها',
        reset: 'إعادة تعيين الإعدادات',
        hideAll: 'إخفاء الكل',
        showAll: 'إظهار الكل',
      },
      Datagrid: {
        title: 'جدول البيانات',
        unlabeled: 'عمود بلا تسمية رقم %{column}',
      },
      SimpleForm: {
        title: 'النموذج',
        unlabeled: 'حقل بلا تسمية رقم %{input}',
      },
      SimpleList: {
        title: 'القائمة',
        primaryText: 'النص الأساسي',
        secondaryText: 'النص الثانوي',
        tertiaryText: 'النص الثالث',
      },
    },
  },
  app: appAr,
} satisfies TranslationMessages;

/** Each domain's messages, `i18n/<domain>/ar.ts`. */
export default mergeMessages(ar, [crmAr, dashboardAr, membersAr, membershipAr, ordersAr, productsAr, repsAr, mailingAr, auditAr, billingAr, securityAr, offlineAr, webhooksAr, liveAr, privacyAr, consentAr, engagementAr, automailAr, reportsAr, bankingAr, commissionsAr, stockAr, courierAr, deliveriesAr]);
