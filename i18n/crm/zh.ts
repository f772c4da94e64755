import type { crmEn } from './en';

export const crmZh: typeof crmEn = {
  resources: {
    marketing: {
      name: '横幅',
      fields: {
        title: '标题',
        image: '图片',
        image_url: '图片',
        link_url: '链接',
        active_from: '展示开始时间',
        active_to: '展示结束时间',
        position: '排序',
        active: '启用',
        q: '搜索',
        active_now: '当前展示',
      },
    },
  },
  crm: {
    banners: {
      link_hint: '可选：http(s) 地址（在新标签页中打开）或本门户内的路径，例如 /products',
      window_hint: '可选：留空表示不限制',
      image_hint: 'PNG、JPEG、WebP 或 GIF 格式，最大 2 MB',
      replace_hint: '可选：新图片将替换当前图片（PNG、JPEG、WebP 或 GIF 格式，最大 2 MB）',
      current_image: '当前图片',
      image_rejected: '该文件未被接受：请使用不超过 2 MB 的 PNG、JPEG、WebP 或 GIF 图片',
      member_section: '新闻与优惠',
      validation: {
        link_url: '请使用 http(s) 地址或本门户内以 / 开头的路径',
        active_to: '结束时间不能早于开始时间',
      },
    },
  },
};
