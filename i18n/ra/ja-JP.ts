import type { TranslationMessages } from 'ra-core';

// Japanese translation of react-admin's own messages (mirrors ra-language-english 5.15.4).
// Polyglot uses a single plural form for "ja", so each English "a |||| b" pair is a single string here.
export const raJapanese: TranslationMessages = {
    ra: {
        action: {
            add_filter: 'フィルターを追加',
            add: '追加',
            back: '戻る',
            bulk_actions: '%{smart_count} 件選択中',
            cancel: 'キャンセル',
            clear_array_input: 'リストをクリア',
            clear_input_value: '値をクリア',
            clone: '複製',
            confirm: '確認',
            create: '新規作成',
            create_item: '「%{item}」を作成',
            delete: '削除',
            edit: '編集',
            export: 'エクスポート',
            list: '一覧',
            refresh: '再読み込み',
            remove_filter: 'このフィルターを解除',
            remove_all_filters: 'すべてのフィルターを解除',
            remove: '削除',
            reset: 'リセット',
            save: '保存',
            search: '検索',
            search_columns: '列を検索',
            select_all: 'すべて選択',
            select_all_button: 'すべて選択',
            select_row: 'この行を選択',
            show: '詳細',
            sort: '並べ替え',
            undo: '元に戻す',
            unselect: '選択を解除',
            expand: '展開',
            close: '閉じる',
            open_menu: 'メニューを開く',
            close_menu: 'メニューを閉じる',
            update: '更新',
            move_up: '上へ移動',
            move_down: '下へ移動',
            open: '開く',
            toggle_theme: 'ライト/ダークモードを切り替え',
            select_columns: '列',
            update_application: 'アプリケーションを再読み込み',
        },
        boolean: {
            true: 'はい',
            false: 'いいえ',
            null: ' ',
        },
        page: {
            create: '%{name}を作成',
            dashboard: 'ダッシュボード',
            edit: '%{name} %{recordRepresentation}',
            error: 'エラーが発生しました',
            list: '%{name}',
            loading: '読み込み中',
            not_found: 'ページが見つかりません',
            show: '%{name} %{recordRepresentation}',
            empty: '%{name}はまだありません。',
            invite: '新しく作成しますか？',
            access_denied: 'アクセスが拒否されました',
            authentication_error: '認証エラー',
        },
        input: {
            file: {
                upload_several:
                    'ファイルをドロップしてアップロードするか、クリックしてファイルを選択してください。',
                upload_single:
                    'ファイルを1つドロップしてアップロードするか、クリックして選択してください。',
            },
            image: {
                upload_several:
                    '画像をドロップしてアップロードするか、クリックして画像を選択してください。',
                upload_single:
                    '画像を1枚ドロップしてアップロードするか、クリックして選択してください。',
            },
            references: {
                all_missing: '参照データが見つかりません。',
                many_missing:
                    '関連する参照データのうち、少なくとも1件が利用できなくなっています。',
                single_missing: '関連する参照データが利用できなくなっています。',
            },
            password: {
                toggle_visible: 'パスワードを隠す',
                toggle_hidden: 'パスワードを表示',
            },
        },
        message: {
            about: '概要',
            access_denied: 'このページにアクセスする権限がありません',
            are_you_sure: 'よろしいですか？',
            authentication_error:
                '認証サーバーがエラーを返したため、認証情報を確認できませんでした。',
            auth_error: '認証トークンの検証中にエラーが発生しました。',
            bulk_delete_content:
                '選択した %{smart_count} 件の%{name}を削除してもよろしいですか？',
            bulk_delete_title: '%{name}を %{smart_count} 件削除',
            bulk_update_content:
                '%{smart_count} 件の%{name}を更新してもよろしいですか？',
            bulk_update_title:
                '%{smart_count} 件の%{name}を更新',
            clear_array_input: 'リストをすべてクリアしてもよろしいですか？',
            delete_content: 'この%{name}を削除してもよろしいですか？',
            delete_title: '%{name} %{recordRepresentation} を削除',
            details: '詳細',
            error: 'クライアントエラーが発生したため、リクエストを完了できませんでした。',
            invalid_form: '入力内容に誤りがあります。エラーを確認してください',
            loading: 'しばらくお待ちください',
            no: 'いいえ',
            not_found: 'URLが間違っているか、無効なリンクをたどった可能性があります。',
            select_all_limit_reached:
                '件数が多すぎるため、すべてを選択できません。先頭の %{max} 件のみ選択されました。',
            unsaved_changes:
                '保存されていない変更があります。変更を破棄してもよろしいですか？',
            yes: 'はい',
            placeholder_data_warning:
                'ネットワークの問題：データを更新できませんでした。',
        },
        navigation: {
            clear_filters: 'フィルターをクリア',
            no_filtered_results:
                '現在のフィルター条件に一致する%{name}はありません。',
            no_results: '%{name}が見つかりません',
            no_more_results:
                'ページ番号 %{page} は範囲外です。前のページをお試しください。',
            page_out_of_boundaries: 'ページ番号 %{page} は範囲外です',
            page_out_from_end: '最後のページより後には移動できません',
            page_out_from_begin: '1ページ目より前には移動できません',
            page_range_info: '%{total} 件中 %{offsetBegin}-%{offsetEnd} 件',
            partial_page_range_info:
                '%{offsetEnd} 件以上中 %{offsetBegin}-%{offsetEnd} 件',
            current_page: '%{page} ページ',
            page: '%{page} ページへ移動',
            first: '最初のページへ移動',
            last: '最後のページへ移動',
            next: '次のページへ移動',
            previous: '前のページへ移動',
            page_rows_per_page: '表示件数：',
            skip_nav: 'コンテンツへスキップ',
        },
        sort: {
            sort_by: '%{field_lower_first}で%{order}に並べ替え',
            ASC: '昇順',
            DESC: '降順',
        },
        auth: {
            auth_check_error: '続行するにはログインしてください',
            user_menu: 'プロフィール',
            username: 'ユーザー名',
            password: 'パスワード',
            email: 'メールアドレス',
            sign_in: 'ログイン',
            sign_in_error: '認証に失敗しました。もう一度お試しください',
            logout: 'ログアウト',
        },
        notification: {
            updated: '%{smart_count} 件の項目を更新しました',
            created: '項目を作成しました',
            deleted: '%{smart_count} 件の項目を削除しました',
            bad_item: '不正な項目です',
            item_doesnt_exist: '項目が存在しません',
            http_error: 'サーバーとの通信でエラーが発生しました',
            data_provider_error:
                'dataProvider でエラーが発生しました。詳細はコンソールを確認してください。',
            i18n_error: '指定された言語の翻訳を読み込めませんでした',
            canceled: '操作をキャンセルしました',
            logged_out: 'セッションが終了しました。再度ログインしてください。',
            not_authorized: 'このリソースへのアクセス権限がありません。',
            application_update_available: '新しいバージョンが利用可能です。',
            offline: 'ネットワークに接続されていないため、データを取得できませんでした。',
        },
        validation: {
            required: '必須項目です',
            minLength: '%{min} 文字以上で入力してください',
            maxLength: '%{max} 文字以内で入力してください',
            minValue: '%{min} 以上の値を入力してください',
            maxValue: '%{max} 以下の値を入力してください',
            number: '数値を入力してください',
            email: '有効なメールアドレスを入力してください',
            oneOf: '次のいずれかを指定してください：%{options}',
            regex: '指定された形式（正規表現）に一致する必要があります：%{pattern}',
            unique: '重複しない値を入力してください',
        },
        saved_queries: {
            label: '保存済みクエリ',
            query_name: 'クエリ名',
            new_label: '現在のクエリを保存…',
            new_dialog_title: '現在のクエリに名前を付けて保存',
            remove_label: '保存済みクエリを削除',
            remove_label_with_name: 'クエリ「%{name}」を削除',
            remove_dialog_title: '保存済みクエリを削除しますか？',
            remove_message:
                'この項目を保存済みクエリの一覧から削除してもよろしいですか？',
            help: '一覧を絞り込み、このクエリを保存して後で利用できます',
        },
        guesser: {
            empty: {
                title: '表示するデータがありません',
                message: 'データプロバイダー（dataProvider）を確認してください',
            },
        },
        configurable: {
            customize: 'カスタマイズ',
            configureMode: 'このページを設定',
            inspector: {
                title: 'インスペクター',
                content:
                    'アプリケーションのUI要素にカーソルを合わせると設定できます',
                reset: '設定をリセット',
                hideAll: 'すべて非表示',
                showAll: 'すべて表示',
            },
            Datagrid: {
                title: 'データグリッド',
                unlabeled: 'ラベルなしの列 #%{column}',
            },
            SimpleForm: {
                title: 'フォーム',
                unlabeled: 'ラベルなしの入力 #%{input}',
            },
            SimpleList: {
                title: 'リスト',
                primaryText: 'プライマリテキスト',
                secondaryText: 'セカンダリテキスト',
                tertiaryText: 'ターシャリテキスト',
            },
        },
    },
};
