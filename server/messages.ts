import type { MessageArgs } from './errors';

export const serverLocales = ['en-US', 'zh-CN', 'ja-JP'] as const;
export type ServerLocale = (typeof serverLocales)[number];

type Catalogue = Record<string, string>;

const en: Catalogue = {
  'app.error.invalid_input': 'Invalid input: %{details}',
  'app.error.invalid_json': 'The request body is not valid JSON',
  'app.error.unauthorized': 'Your session has ended, please sign in again',
  'app.error.forbidden': 'You do not have permission to do this',
  'app.error.not_found': 'The record does not exist or has been deleted',
  'app.error.route_not_found': 'No such address: %{method} %{url}',
  'app.error.conflict': 'This conflicts with existing data',
  'app.error.duplicate': '%{field} "%{value}" is already in use',
  'app.error.in_use': 'The record is still in use and cannot be deleted',
  'app.error.too_many_attempts': 'Too many failed attempts, please try again in %{minutes} minutes',
  'app.error.too_many_attempts_one_minute': 'Too many failed attempts, please try again in a minute',
  'app.error.too_large': 'The request is too large',
  'app.error.unsupported_media_type': 'Unsupported content type',
  'app.error.internal': 'Server error, please contact the administrator',
  'app.error.sign_in_failed': 'Username or password is wrong',
  'app.error.account_disabled': 'This account has been deactivated',
  'app.error.no_permission': 'You have no permission to use the console',
  'app.error.password_wrong': 'Password Error',
  'app.error.qr_expired': 'The QR code has expired, please refresh it',
  'app.error.qr_used': 'This QR code has already been used',
  'app.error.qr_pending': 'Waiting for the QR code to be scanned',
  'app.error.qr_scanned': 'Scanned: waiting for the login to be confirmed on the phone',
  'app.error.qr_refused': 'The login was refused on the phone',
  'ra.validation.required': 'Required',
  'ra.validation.minLength': 'Must be %{min} characters at least',
  'ra.validation.maxLength': 'Must be %{max} characters or less',
  'ra.validation.minValue': 'Must be at least %{min}',
  'ra.validation.maxValue': 'Must be %{max} or less',
  'ra.validation.number': 'Must be a number',
  'ra.validation.email': 'Must be a valid email',
  'ra.validation.oneOf': 'Must be one of: %{options}',
  'app.validation.invalid': 'Invalid value',
  'app.validation.code': 'Only letters, digits, "-" and "_"',
  'app.validation.money': 'At most two decimals',
  'app.validation.min_items': 'Choose at least %{min}',
  'app.validation.max_items': 'Choose at most %{max}',
  'app.validation.password_inconsistent': 'Two inconsistent password input',
  'app.validation.password_same': 'The new password must differ from the old one',
  'app.validation.duplicate': '"%{value}" is already in use',
};

const zh: Catalogue = {
  'app.error.invalid_input': '输入有误：%{details}',
  'app.error.invalid_json': '请求内容不是有效的 JSON',
  'app.error.unauthorized': '登录已失效，请重新登录',
  'app.error.forbidden': '没有执行此操作的权限',
  'app.error.not_found': '记录不存在或已被删除',
  'app.error.route_not_found': '地址不存在：%{method} %{url}',
  'app.error.conflict': '与现有数据冲突',
  'app.error.duplicate': '%{field}“%{value}”已被使用',
  'app.error.in_use': '该记录仍在使用中，无法删除',
  'app.error.too_many_attempts': '失败次数过多，请 %{minutes} 分钟后再试',
  'app.error.too_many_attempts_one_minute': '失败次数过多，请 1 分钟后再试',
  'app.error.too_large': '请求内容过大',
  'app.error.unsupported_media_type': '不支持的内容类型',
  'app.error.internal': '服务器错误，请联系管理员',
  'app.error.sign_in_failed': '用户名或密码错误',
  'app.error.account_disabled': '该账号已被停用',
  'app.error.no_permission': '您没有使用管理后台的权限',
  'app.error.password_wrong': '密码错误',
  'app.error.qr_expired': '二维码已过期，请刷新',
  'app.error.qr_used': '该二维码已被使用',
  'app.error.qr_pending': '等待扫描二维码',
  'app.error.qr_scanned': '已扫描，等待在手机上确认登录',
  'app.error.qr_refused': '已在手机上拒绝登录',
  'ra.validation.required': '必填',
  'ra.validation.minLength': '至少需要 %{min} 个字符',
  'ra.validation.maxLength': '不能超过 %{max} 个字符',
  'ra.validation.minValue': '不能小于 %{min}',
  'ra.validation.maxValue': '不能大于 %{max}',
  'ra.validation.number': '必须是数字',
  'ra.validation.email': '必须是有效的邮箱地址',
  'ra.validation.oneOf': '必须是以下值之一：%{options}',
  'app.validation.invalid': '值无效',
  'app.validation.code': '只能包含字母、数字、“-”和“_”',
  'app.validation.money': '最多两位小数',
  'app.validation.min_items': '至少选择 %{min} 项',
  'app.validation.max_items': '最多选择 %{max} 项',
  'app.validation.password_inconsistent': '两次输入的密码不一致',
  'app.validation.password_same': '新密码不能与旧密码相同',
  'app.validation.duplicate': '“%{value}”已被使用',
};

const ja: Catalogue = {
  'app.error.invalid_input': '入力に誤りがあります：%{details}',
  'app.error.invalid_json': 'リクエスト本文が正しい JSON ではありません',
  'app.error.unauthorized': 'セッションが切れました。もう一度ログインしてください',
  'app.error.forbidden': 'この操作を行う権限がありません',
  'app.error.not_found': 'レコードが存在しないか、削除されています',
  'app.error.route_not_found': 'アドレスが存在しません：%{method} %{url}',
  'app.error.conflict': '既存のデータと競合しています',
  'app.error.duplicate': '%{field}「%{value}」は既に使われています',
  'app.error.in_use': 'このレコードは使用中のため削除できません',
  'app.error.too_many_attempts': '失敗が多すぎます。%{minutes} 分後にもう一度お試しください',
  'app.error.too_many_attempts_one_minute': '失敗が多すぎます。1 分後にもう一度お試しください',
  'app.error.too_large': 'リクエストが大きすぎます',
  'app.error.unsupported_media_type': 'サポートされていないコンテンツタイプです',
  'app.error.internal': 'サーバーエラーです。管理者に連絡してください',
  'app.error.sign_in_failed': 'ユーザー名またはパスワードが間違っています',
  'app.error.account_disabled': 'このアカウントは無効化されています',
  'app.error.no_permission': '管理コンソールを使用する権限がありません',
  'app.error.password_wrong': 'パスワードが間違っています',
  'app.error.qr_expired': 'QR コードの有効期限が切れました。更新してください',
  'app.error.qr_used': 'この QR コードは既に使用されています',
  'app.error.qr_pending': 'QR コードのスキャンを待っています',
  'app.error.qr_scanned': 'スキャン済み：スマートフォンでのログインの確認を待っています',
  'app.error.qr_refused': 'スマートフォンでログインが拒否されました',
  'ra.validation.required': '必須項目です',
  'ra.validation.minLength': '%{min} 文字以上で入力してください',
  'ra.validation.maxLength': '%{max} 文字以内で入力してください',
  'ra.validation.minValue': '%{min} 以上の値を入力してください',
  'ra.validation.maxValue': '%{max} 以下の値を入力してください',
  'ra.validation.number': '数値を入力してください',
  'ra.validation.email': '有効なメールアドレスを入力してください',
  'ra.validation.oneOf': '次のいずれかを指定してください：%{options}',
  'app.validation.invalid': '値が正しくありません',
  'app.validation.code': '英数字、「-」、「_」のみ使用できます',
  'app.validation.money': '小数点以下は 2 桁までです',
  'app.validation.min_items': '%{min} 件以上選んでください',
  'app.validation.max_items': '%{max} 件以内で選んでください',
  'app.validation.password_inconsistent': '2 回入力したパスワードが一致しません',
  'app.validation.password_same': '新しいパスワードは古いパスワードと異なる必要があります',
  'app.validation.duplicate': '「%{value}」は既に使われています',
};

export const serverCatalogues: Record<ServerLocale, Catalogue> = { 'en-US': en, 'zh-CN': zh, 'ja-JP': ja };

/** The most wanted language of Accept-Language (by q weight) that we speak; English when none. */
export function localeFromHeader(acceptLanguage: string | undefined): ServerLocale {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag, ...parameters] = part.split(';');
      const q = Number(parameters.find((parameter) => parameter.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, order };
    })
    .filter(({ tag, q }) => tag && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ tag }) => tag);
  for (const tag of wanted) {
    const language = tag.split('-')[0];
    const match = serverLocales.find((locale) => locale.toLowerCase().startsWith(language));
    if (match) return match;
  }
  return 'en-US';
}

export function translate(locale: ServerLocale, key: string, args: MessageArgs = {}): string {
  const template = serverCatalogues[locale][key] ?? serverCatalogues['en-US'][key] ?? key;
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}
