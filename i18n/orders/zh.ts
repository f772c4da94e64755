import type { ordersEn } from './en';

export const ordersZh: typeof ordersEn = {
  orders: {
    comments: {
      title: '评论',
      new: '新评论',
      add: '添加评论',
      empty: '暂无评论。',
      pages: '评论页码',
      load_failed: '无法加载评论。',
      save_failed: '无法保存评论，请重试。',
    },
  },
};
