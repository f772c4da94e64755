/** 离线应用的消息（合并到 i18n/zh.ts）。 */
export const offlineZh = {
  offline: {
    banner: '您已离线。页面显示之前加载的内容；新订单保存在此设备上，连接恢复后发送。',
    placed_offline: '无网络连接：订单已保存在此设备上，连接恢复后将发送。',
    sent: '订单 %{reference} 已发送（此前在此设备上等待）。总计：%{total}。',
    price_changed: '订单 %{reference} 已发送，并按今日价格计价，价格自下单以来有变化：%{changes}。总计：%{total}。',
    prices_offline: '离线：订单发送时由服务器计价。显示的是最后看到的价格。',
    needs_connection: '此操作需要网络连接。请在恢复在线后重试。',
    proof_sent: '%{number} 的签收证明（由 %{signed_by} 签收）已发送（此前在此设备上等待）。',
    waiting: {
      title: '%{smart_count} 个订单等待发送',
      line: '%{client}：%{smart_count} 行，按最后看到的价格为 %{value}，下单于 %{placed}',
      waiting: '等待发送',
      refused: '未被接受：%{message}',
      discard: '放弃',
      discard_title: '放弃此订单？',
      discard_content: '它将从此设备中删除，不会被发送。',
      title_with_proofs: '%{smart_count} 项等待发送',
      proof_line: '%{number}（订单 %{reference}）的签收证明，由 %{signed_by} 于 %{placed} 签收',
      discard_proof_title: '放弃此签收证明？',
    },
  },
};
