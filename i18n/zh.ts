import type { TranslationMessages } from 'ra-core';
import { mergeMessages } from './merge';
import { crmZh } from './crm/zh';
import { dashboardZh } from './dashboard/zh';
import { membersZh } from './members/zh';
import { membershipZh } from './membership/zh';
import { ordersZh } from './orders/zh';
import { productsZh } from './products/zh';
import { repsZh } from './reps/zh';
import { mailingZh } from './mailing/zh';
import { auditZh } from './audit/zh';
import { billingZh } from './billing/zh';
import { securityZh } from './security/zh';
import { offlineZh } from './offline/zh';
import { webhooksZh } from './webhooks/zh';
import { reportsZh } from './reports/zh';
import { bankingZh } from './banking/zh';
import { commissionsZh } from './commissions/zh';
import { stockZh } from './stock/zh';
import { courierZh } from './courier/zh';
import { deliveriesZh } from './deliveries/zh';
import { privacyZh } from './privacy/zh';
import { consentZh } from './consent/zh';
import { engagementZh } from './engagement/zh';
import { automailZh } from './automail/zh';
import { liveZh } from './live/zh';
import { appZh } from './app.zh';

/**
 * Simplified Chinese: react-admin's messages are ours.
 *
 * Plurals: Polyglot always picks the first form for `zh`, so every message has a single form that
 * carries `%{smart_count}` ("已选择 %{smart_count} 项"). For `bulk_update_title` and
 * `bulk_update_content` that single form also serves react-admin's bulk update, which passes no
 * `%{recordRepresentation}`; it is left out there (it would show as literal text), as the test
 * allows for a single form.
 */
const zh = {
  ra: {
    action: {
      add_filter: '添加筛选条件',
      add: '添加',
      back: '返回',
      bulk_actions: '已选择 %{smart_count} 项',
      cancel: '取消',
      clear_array_input: '清空列表',
      clear_input_value: '清除值',
      clone: '复制',
      confirm: '确认',
      create: '新建',
      create_item: '创建“%{item}”',
      delete: '删除',
      edit: '编辑',
      export: '导出',
      list: '列表',
      refresh: '刷新',
      remove_filter: '移除此筛选条件',
      remove_all_filters: '移除所有筛选条件',
      remove: '移除',
      reset: '重置',
      save: '保存',
      search: '搜索',
      search_columns: '搜索列',
      select_all: '全选',
      select_all_button: '全选',
      select_row: '选择此行',
      show: '查看',
      sort: '排序',
      undo: '撤销',
      unselect: '取消选择',
      expand: '展开',
      close: '关闭',
      open_menu: '打开菜单',
      close_menu: '关闭菜单',
      update: '更新',
      move_up: '上移',
      move_down: '下移',
      open: '打开',
      toggle_theme: '切换浅色/深色模式',
      select_columns: '列',
      update_application: '重新加载应用',
    },
    boolean: {
      true: '是',
      false: '否',
      null: ' ',
    },
    page: {
      create: '新建%{name}',
      dashboard: '仪表板',
      edit: '%{name} %{recordRepresentation}',
      error: '出错了',
      list: '%{name}',
      loading: '加载中',
      not_found: '未找到',
      show: '%{name} %{recordRepresentation}',
      empty: '暂无%{name}。',
      invite: '要添加一个吗？',
      access_denied: '访问被拒绝',
      authentication_error: '身份验证错误',
    },
    input: {
      file: {
        upload_several: '将文件拖放到此处上传，或点击选择文件。',
        upload_single: '将文件拖放到此处上传，或点击选择一个文件。',
      },
      image: {
        upload_several: '将图片拖放到此处上传，或点击选择图片。',
        upload_single: '将图片拖放到此处上传，或点击选择一张图片。',
      },
      references: {
        all_missing: '无法找到引用的数据。',
        many_missing: '至少有一项关联引用似乎已不可用。',
        single_missing: '关联引用似乎已不可用。',
      },
      password: {
        toggle_visible: '隐藏密码',
        toggle_hidden: '显示密码',
      },
    },
    message: {
      about: '关于',
      access_denied: '您没有访问此页面的权限',
      are_you_sure: '您确定吗？',
      authentication_error: '身份验证服务器返回错误，无法验证您的凭据。',
      auth_error: '验证身份验证令牌时出错。',
      bulk_delete_content: '确定要删除这 %{smart_count} 个%{name}吗？',
      bulk_delete_title: '删除 %{smart_count} 个%{name}',
      bulk_update_content: '确定要更新这 %{smart_count} 个%{name}吗？',
      bulk_update_title: '更新 %{smart_count} 个%{name}',
      clear_array_input: '确定要清空整个列表吗？',
      delete_content: '确定要删除此%{name}吗？',
      delete_title: '删除%{name} %{recordRepresentation}',
      details: '详细信息',
      error: '发生客户端错误，无法完成您的请求。',
      invalid_form: '表单无效，请检查错误',
      loading: '请稍候',
      no: '否',
      not_found: '您输入的网址有误，或者访问的链接无效。',
      select_all_limit_reached: '元素过多，无法全部选择。仅选择了前 %{max} 个元素。',
      unsaved_changes: '部分更改尚未保存。确定要放弃这些更改吗？',
      yes: '是',
      placeholder_data_warning: '网络问题：数据刷新失败。',
    },
    navigation: {
      clear_filters: '清除筛选条件',
      no_filtered_results: '在当前筛选条件下未找到%{name}。',
      no_results: '未找到%{name}',
      no_more_results: '页码 %{page} 超出范围，请尝试上一页。',
      page_out_of_boundaries: '页码 %{page} 超出范围',
      page_out_from_end: '无法跳转到最后一页之后',
      page_out_from_begin: '无法跳转到第 1 页之前',
      page_range_info: '第 %{offsetBegin}-%{offsetEnd} 条，共 %{total} 条',
      partial_page_range_info: '第 %{offsetBegin}-%{offsetEnd} 条，共超过 %{offsetEnd} 条',
      current_page: '第 %{page} 页',
      page: '转到第 %{page} 页',
      first: '转到第一页',
      last: '转到最后一页',
      next: '转到下一页',
      previous: '转到上一页',
      page_rows_per_page: '每页行数：',
      skip_nav: '跳到主要内容',
    },
    sort: {
      sort_by: '按%{field_lower_first}%{order}排序',
      ASC: '升序',
      DESC: '降序',
    },
    auth: {
      auth_check_error: '请登录后继续',
      user_menu: '个人资料',
      username: '用户名',
      password: '密码',
      email: '电子邮箱',
      sign_in: '登录',
      sign_in_error: '身份验证失败，请重试',
      logout: '退出登录',
    },
    notification: {
      updated: '已更新 %{smart_count} 项',
      created: '已创建',
      deleted: '已删除 %{smart_count} 项',
      bad_item: '元素无效',
      item_doesnt_exist: '元素不存在',
      http_error: '与服务器通信出错',
      data_provider_error: 'dataProvider 出错，请查看控制台了解详情。',
      i18n_error: '无法加载所选语言的翻译',
      canceled: '操作已取消',
      logged_out: '您的会话已结束，请重新登录。',
      not_authorized: '您无权访问此资源。',
      application_update_available: '有新版本可用。',
      offline: '无网络连接，无法获取数据。',
    },
    validation: {
      required: '必填',
      minLength: '至少需要 %{min} 个字符',
      maxLength: '不能超过 %{max} 个字符',
      minValue: '不能小于 %{min}',
      maxValue: '不能大于 %{max}',
      number: '必须是数字',
      email: '必须是有效的电子邮箱地址',
      oneOf: '必须是以下值之一：%{options}',
      regex: '必须符合特定格式（正则表达式）：%{pattern}',
      unique: '必须唯一',
    },
    saved_queries: {
      label: '已保存的查询',
      query_name: '查询名称',
      new_label: '保存当前查询…',
      new_dialog_title: '将当前查询另存为',
      remove_label: '删除已保存的查询',
      remove_label_with_name: '删除查询“%{name}”',
      remove_dialog_title: '删除已保存的查询？',
      remove_message: '确定要从已保存的查询列表中删除此项吗？',
      help: '筛选列表并保存此查询，以便日后使用',
    },
    guesser: {
      empty: {
        title: '没有可显示的数据',
        message: '请检查您的数据提供程序',
      },
    },
    configurable: {
      customize: '自定义',
      configureMode: '配置此页面',
      inspector: {
        title: '检查器',
        content: '将鼠标悬停在应用界面元素上即可进行配置',
        reset: '重置设置',
        hideAll: '全部隐藏',
        showAll: '全部显示',
      },
      Datagrid: {
        title: '数据表格',
        unlabeled: '未命名列 #%{column}',
      },
      SimpleForm: {
        title: '表单',
        unlabeled: '未命名输入项 #%{input}',
      },
      SimpleList: {
        title: '列表',
        primaryText: '主要文本',
        secondaryText: '次要文本',
        tertiaryText: '附加文本',
      },
    },
  },
  app: appZh,
} satisfies TranslationMessages;

/** Each domain's messages, `i18n/<domain>/zh.ts`. */
export default mergeMessages(zh, [crmZh, dashboardZh, membersZh, membershipZh, ordersZh, productsZh, repsZh, mailingZh, auditZh, billingZh, securityZh, offlineZh, webhooksZh, liveZh, privacyZh, consentZh, engagementZh, automailZh, reportsZh, bankingZh, commissionsZh, stockZh, courierZh, deliveriesZh]);
