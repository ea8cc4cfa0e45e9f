import { REPORT_NAMES, REPORTS, type ReportName } from '../../../shared/reports';

/** One node of the seeded menu tree: a directory (children), a screen (url) and its buttons (resource). */
export interface MenuSeed {
  name: string;
  nameEn: string;
  icon?: string;
  url?: string;
  /** Detail screens are routes reached from a list, not entries of the side menu. */
  hidden?: boolean;
  keepAlive?: boolean;
  /** Adds buttons `sys:<resource>:view|add|edit|delete` under the screen. */
  resource?: string;
  /** Only `view` (read-only screens such as logs). */
  viewOnly?: boolean;
  /** Further resources whose four buttons the screen carries too (the import types of the Excel import screen). */
  moreResources?: readonly { resource: string; name: string; nameEn: string }[];
  /** Action permissions beyond the four (`sys:tReceipt:acceptShortDated`): one button each, after the screen's own. */
  actions?: readonly { perms: string; name: string; nameEn: string }[];
  children?: MenuSeed[];
}

const screen = (name: string, nameEn: string, url: string, resource?: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  name,
  nameEn,
  url,
  ...(resource ? { resource } : {}),
  ...extra,
});
const detail = (name: string, nameEn: string, url: string): MenuSeed => ({ name, nameEn, url, hidden: true });

/** The import types' own buttons (view, add, edit, delete each), as migration 0020 adds them to older databases. */
const IMPORT_BUTTONS = (
  [
    ['Inbound', '入库', 'inbound'],
    ['Outbound', '出库', 'outbound'],
    ['InvAdjustment', '库存调整', 'adjustments'],
    ['InvMovement', '库存移动', 'movements'],
    ['ItemMaster', '商品', 'items'],
    ['ItemUom', '商品单位', 'item units'],
    ['Vendor', '供应商', 'vendors'],
    ['Zone', '库区', 'zones'],
    ['ZoneLoca', '库区库位', 'zone locations'],
    ['Location', '库位', 'locations'],
  ] as const
).map(([type, name, nameEn]) => ({ resource: `tblTempExcelImport${type}`, name, nameEn }));

/** The analytic reports' menu names (migrations 0036_reports and 0040_more_reports add them to older databases). */
export const REPORT_MENUS: Readonly<Record<ReportName, { name: string; nameEn: string }>> = {
  inboundVolume: { name: '入库量', nameEn: 'Inbound volume' },
  dockToStock: { name: '收货上架时效', nameEn: 'Dock-to-stock time' },
  stockValue: { name: '库存价值', nameEn: 'Stock value' },
  stockAgeing: { name: '库龄分析', nameEn: 'Stock ageing' },
  locationUse: { name: '库位利用率', nameEn: 'Location utilisation' },
  tranVolume: { name: '事务量', nameEn: 'Transaction volume' },
  outboundVolume: { name: '出库量', nameEn: 'Outbound volume' },
  orderCycle: { name: '订单履行时效', nameEn: 'Order cycle time' },
  fillRate: { name: '订单满足率', nameEn: 'Fill rate' },
  pickProductivity: { name: '拣货效率', nameEn: 'Picking productivity' },
  countAccuracy: { name: '盘点准确率', nameEn: 'Count accuracy' },
};

/** Every screen of both spec documents (detail routes keep the spec's names, e.g. `Wms/TPoDetail`). */
export const MENU_TREE: MenuSeed[] = [
  {
    name: '基础资料',
    nameEn: 'Master data',
    icon: 'database',
    children: [
      screen('仓库', 'Warehouses', 'Wms/TWhse', 'tWhse', { keepAlive: true }),
      screen('客户', 'Clients', 'Wms/TClient', 'tClient', { keepAlive: true }),
      screen('仓库控制', 'Warehouse controls', 'Wms/TWhseControl', 'tWhseControl'),
      screen('编号控制', 'Number series', 'Wms/TControl', 'tControl'),
      screen('商品类型', 'Item types', 'Wms/TItemType', 'tItemType'),
      screen('商品分类', 'Item classes', 'Wms/TItemClass', 'tItemClass'),
      screen('属性集', 'Attribute collections', 'Wms/TAttributeCollection', 'tAttributeCollection'),
      screen('商品', 'Items', 'Wms/TItemMaster', 'tItemMaster'),
      screen('商品单位', 'Item units', 'Wms/TItemUom', 'tItemUom'),
      screen('库区', 'Zones', 'Wms/TZone', 'tZone'),
      screen('库位', 'Locations', 'Wms/TLocation', 'tLocation'),
      screen('库区库位', 'Zone locations', 'Wms/TZoneLoca', 'tZoneLoca'),
      screen('月台', 'Dock doors', 'Wms/TDockDoor', 'tDockDoor'),
      screen('上架规则', 'Putaway rules', 'Wms/TPutawayRule', 'tPutawayRule'),
      screen('供应商', 'Vendors', 'Wms/TVendor', 'tVendor'),
      screen('承运商', 'Carriers', 'Wms/TCarrier', 'tCarrier'),
      screen('箱型', 'Carton types', 'Wms/TblCartonType', 'tblCartonType'),
      screen('原因代码', 'Reason codes', 'Wms/TReason', 'tReason'),
      screen('作业类型', 'Work types', 'Wms/TWorkType', 'tWorkType'),
      screen('序列号', 'Serial numbers', 'Wms/TblSnMaster', 'tblSnMaster'),
      screen('打印计划', 'Print scheduler', 'Wms/TblPrintScheduler', 'tblPrintScheduler'),
    ],
  },
  {
    name: '入库管理',
    nameEn: 'Inbound',
    icon: 'box-arrow-in-down',
    children: [
      screen('采购订单', 'Purchase orders', 'Wms/TPoMaster', 'tPoMaster'),
      detail('采购订单明细', 'Purchase order lines', 'Wms/TPoDetail'),
      screen('收货', 'Receipts', 'Wms/TReceipt', 'tReceipt', {
        // Receiving a lot with less remaining shelf life than the client's minimum (inbound README "Expiry").
        actions: [{ perms: 'sys:tReceipt:acceptShortDated', name: '收货-接收临期', nameEn: 'Receipts: Accept short-dated' }],
      }),
      // Desk screens of the receipt flow: their buttons are tReceipt's (receiving adds, inspection and putaway edit).
      // Desks keep their state (the chosen PO, the typed quantities) while the user looks at another screen.
      screen('收货作业', 'Receiving', 'Wms/Receiving', undefined, { keepAlive: true }),
      screen('质检', 'Inspection', 'Wms/Inspection', undefined, { keepAlive: true }),
      screen('上架', 'Putaway', 'Wms/Putaway', undefined, { keepAlive: true }),
      detail('采购订单对账', 'PO reconciliation', 'Wms/PoReconcile'),
    ],
  },
  {
    name: '出库管理',
    nameEn: 'Outbound',
    icon: 'box-arrow-up',
    children: [
      screen('出库订单', 'Orders', 'Wms/TOrder', 'tOrder'),
      detail('出库订单明细', 'Order lines', 'Wms/TOrderDetail'),
      screen('波次', 'Waves', 'Wms/TWaveMaster', 'tWaveMaster'),
      detail('波次明细', 'Wave detail', 'Wms/TAfoWaveDetail'),
      detail('波次明细行', 'Wave detail lines', 'Wms/TAfoWaveDetailLine'),
      detail('波次选单', 'Wave order selection', 'Wms/TAfaViewWaveOrder'),
      detail('波次选单明细', 'Wave order lines', 'Wms/TAfaViewWaveOrderLine'),
      screen('波次策略', 'Wave-load profiles', 'Wms/TAfaProfile', 'tAfaProfile'),
      screen('拣货任务', 'Pick tasks', 'Wms/TWavePickTask', 'tWavePickTask'),
      detail('分配明细', 'Allocation', 'Wms/TAllocation'),
      screen('拣货明细', 'Pick details', 'Wms/TPickDetail', 'tPickDetail'),
      // The packing desk keeps the chosen wave and order while the user looks elsewhere; its buttons are the cartons'.
      screen('装箱作业', 'Carton picking', 'Wms/CartonPick', undefined, { keepAlive: true }),
      screen('出库箱', 'Outbound cartons', 'Wms/TblShippingLabel', 'tblShippingLabel', {
        actions: [{ perms: 'sys:tblShippingLabel:setCarrier', name: '出库箱-指定承运商', nameEn: 'Cartons: Set carrier' }],
      }),
      detail('出库箱明细', 'Carton lines', 'Wms/TblShippingLabelDetail'),
      screen('交接单', 'Deliveries', 'Wms/TDelivery'),
      screen('打印记录', 'Print log', 'Wms/TblPrintJob'),
      screen('月台终端', 'Dock stations', 'Wms/TKioskStation', 'tKioskStation'),
    ],
  },
  {
    name: '库存管理',
    nameEn: 'Inventory',
    icon: 'boxes',
    children: [
      screen('库存', 'Stored items', 'Wms/TStoredItem', 'tStoredItem'),
      screen('库存调整', 'Adjustments', 'Wms/TblInvAdjustment', 'tblInvAdjustment', {
        // Expired stock entering an available location by an adjustment or a movement (inventory, docs/flows.md).
        actions: [
          { perms: 'sys:tblInvAdjustment:acceptExpired', name: '库存调整-接收过期', nameEn: 'Adjustments: Accept expired' },
        ],
      }),
      detail('库存调整明细', 'Adjustment lines', 'Wms/TblInvAdjustmentDetail'),
      screen('库存移动', 'Movements', 'Wms/TblInvMovement', 'tblInvMovement'),
      detail('库存移动明细', 'Movement lines', 'Wms/TblInvMovementDetail'),
      screen('循环盘点', 'Cycle counts', 'Wms/TblCycleCountTask', 'tblCycleCountTask'),
      screen('临期库存', 'Expiring stock', 'Wms/ExpiringStock', 'expiringStock', { viewOnly: true }),
      // Lot and serial trace (recall): read-only, sys:trace:view.
      screen('批次追溯', 'Lot trace', 'Wms/Trace', 'trace', { viewOnly: true }),
      // A serial's item, state, place and history (src/server/modules/serials/README.md).
      screen('序列号查询', 'Serial look-up', 'Wms/SerialLookup', 'tblSnHistory', { viewOnly: true }),
    ],
  },
  {
    name: 'RF配置',
    nameEn: 'RF configuration',
    icon: 'phone',
    children: [
      screen('RF主流程', 'RF main processes', 'Wms/RfMainProcessDetail', 'rfMainProcessDetail'),
      screen('RF子流程', 'RF sub processes', 'Wms/RfSubProcessDetail'),
      screen('RF流程资源', 'RF process resources', 'Wms/RfProcessResourceDetail'),
      screen('RF子流程选项', 'RF sub-process options', 'Wms/RfSubProcessOption'),
      screen('扫码', 'Scan code', 'Core/ScanCodePage'),
      screen('扫描二维码', 'Scan QR code', 'Core/ScanQrCode'),
      screen('RF对话', 'RF dialog', 'Core/RfDialog'),
    ],
  },
  {
    name: '数据导入',
    nameEn: 'Import',
    icon: 'file-earmark-arrow-up',
    children: [screen('Excel导入', 'Excel import', 'Wms/ExcelImport', 'tblTempExcelImport', { moreResources: IMPORT_BUTTONS })],
  },
  {
    name: '日志与报表',
    nameEn: 'Logs and reports',
    icon: 'journal-text',
    children: [
      // The home dashboard as a screen of its own too (modules/dashboard/README.md); its button sys:dashboard:view.
      screen('看板', 'Dashboard', 'Wms/Dashboard', 'dashboard', { viewOnly: true }),
      screen('事务日志', 'Transaction log', 'Wms/TranLog', 'tranLog', { viewOnly: true }),
      screen('异常日志', 'Exception log', 'Wms/ExceptionLog', 'exceptionLog', { viewOnly: true }),
      screen('报表', 'Reports', 'Wms/Report', 'report', { viewOnly: true }),
      // The analytic reports (modules/reports): one read-only screen each, sys:<resource>:view.
      ...REPORT_NAMES.map((name) =>
        screen(REPORT_MENUS[name].name, REPORT_MENUS[name].nameEn, REPORTS[name].url, REPORTS[name].resource, { viewOnly: true }),
      ),
    ],
  },
  {
    name: '工具',
    nameEn: 'Tools',
    icon: 'tools',
    children: [screen('PDF签名', 'PDF signature', 'Core/Signature'), screen('代码生成', 'Code generator', 'generator/generator')],
  },
  {
    name: '系统管理',
    nameEn: 'System',
    icon: 'gear',
    children: [
      screen('用户管理', 'Users', 'sys/user', 'user'),
      screen('机构管理', 'Departments', 'sys/dept', 'dept'),
      screen('角色管理', 'Roles', 'sys/role', 'role'),
      screen('菜单管理', 'Menus', 'sys/menu', 'menu'),
      screen('字典管理', 'Dictionary', 'sys/dict', 'dict'),
      screen('系统日志', 'Operation log', 'sys/log', 'log', { viewOnly: true }),
      screen('备份还原', 'Backup and restore', 'sys/backup', 'backup'),
      screen('系统集成', 'Integrations', 'sys/integration', 'apiKey'),
      screen('事件订阅', 'Webhooks', 'Wms/TWebhookSubscription', 'tWebhookSubscription'),
      screen('事件投递', 'Webhook deliveries', 'Wms/TWebhookDelivery', 'tWebhookDelivery', {
        viewOnly: true,
        actions: [{ perms: 'sys:tWebhookDelivery:edit', name: '事件投递-修改', nameEn: 'Webhook deliveries: Edit' }],
      }),
    ],
  },
];

export const BUTTON_NAMES = {
  view: ['查看', 'View'],
  add: ['新增', 'Add'],
  edit: ['修改', 'Edit'],
  delete: ['删除', 'Delete'],
} as const;
