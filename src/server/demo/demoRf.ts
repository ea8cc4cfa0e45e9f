import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { inTransaction } from '../db/transaction';
import { releaseWaves } from '../modules/outbound/allocation.service';
import { buildWave, createConfirmedOrder } from '../modules/outbound/waveBuild';
import { demoItems, demoOrderLine, demoUser, priorityProfile, putDemoStock } from './demoStock';

/**
 * The seeded handheld flows (src/server/modules/rf/README.md "Seeded flows"): INQUIRY, RECEIVE and PICK as
 * configuration rows — texts in both locales, the dialogs and function keys of every demo warehouse and client, the
 * main processes — so an administrator can change a prompt or reorder steps on the configuration screens. One
 * definition per flow, written for each (warehouse, client) pair. Also the demo devices and one released wave for
 * the PICK flow (DEMO-WV-RF: two ACME items on shelving), made through the order, wave and release services.
 */

type Key = 'BACK' | 'DONE' | 'F1' | 'F2' | 'F3' | 'F4';
type Texts = readonly [zh: string, en: string];

interface DialogDef {
  name: string;
  title: string;
  headers?: readonly string[];
  prompt: string;
  inputField?: string;
  inputDefault?: string;
  list?: string;
  exec?: string;
  options: readonly { key: Key; next: string; option: string; description: string; beforeNext?: string }[];
}

interface RowDef {
  sub: string;
  success?: string;
  fail?: string;
  branch1?: string;
  branch2?: string;
}

interface FlowDef {
  main: string;
  dialogs: readonly DialogDef[];
  rows: readonly RowDef[];
}

/** The texts (resources) by type and name: [Chinese, English]. */
const RESOURCES: Record<'title' | 'header' | 'prompt' | 'option', Record<string, Texts>> = {
  title: {
    INQ_TITLE: ['库存查询', 'Stock inquiry'],
    RCV_TITLE: ['收货', 'Receive'],
    PCK_TITLE: ['波次拣货', 'Wave pick'],
    CNT_TITLE: ['循环盘点', 'Cycle count'],
    PUT_TITLE: ['上架', 'Put away'],
    MOV_TITLE: ['移库', 'Move stock'],
    CTN_TITLE: ['装箱拣货', 'Carton pick'],
  },
  header: {
    // Rendered from the codes at each showing (a language switch re-renders them): never a string cached in one language.
    INQ_H_WHAT: [
      '{inqBy, select, locationId {库位} itemNumber {商品} huId {托盘} other {}} {inqValue}',
      '{inqBy, select, locationId {Location} itemNumber {Item} huId {Pallet} other {}} {inqValue}',
    ],
    INQ_H_SUM: [
      '{inqRows, plural, other {# 行}} · 在库 {inqQty} · 可用 {inqAvail}',
      '{inqRows, plural, one {# row} other {# rows}} · on hand {inqQty} · available {inqAvail}',
    ],
    INQ_H_L1: ['{inqLine1}', '{inqLine1}'],
    INQ_H_L2: ['{inqLine2}', '{inqLine2}'],
    INQ_H_L3: ['{inqLine3}', '{inqLine3}'],
    RCV_H_PO: ['采购订单 {poNumber}（{poOpenLines} 行待收）', 'PO {poNumber} · open lines: {poOpenLines}'],
    RCV_H_LAST: ['上一笔：{lastReceipt}', 'Last: {lastReceipt}'],
    RCV_H_ITEM: ['{itemNumber} {itemDescription}', '{itemNumber} {itemDescription}'],
    RCV_H_REMAIN: ['待收 {remaining} {uom}', 'Open {remaining} {uom}'],
    RCV_H_LOT: ['批号 {lotNumber} · 有效期 {expirationDate}', 'Lot {lotNumber} · Expiry {expirationDate}'],
    RCV_H_QTY: ['数量 {qty} {uom}', 'Qty {qty} {uom}'],
    RCV_H_LOC: ['库位 {locationId}', 'Location {locationId}'],
    RCV_H_SN: ['序列号 {serialCount}/{serialsNeeded}', 'Serials {serialCount}/{serialsNeeded}'],
    PCK_H_SN: ['序列号 {serialCount}/{serialsNeeded}', 'Serials {serialCount}/{serialsNeeded}'],
    PCK_H_TASK: ['波次 {waveId} · 任务 {pickId}', 'Wave {waveId} · task {pickId}'],
    PCK_H_LOC: ['库位 {pickLocation}', 'Location {pickLocation}'],
    PCK_H_ITEM: ['{itemNumber} {itemDescription}', '{itemNumber} {itemDescription}'],
    PCK_H_LOT: ['批号 {lotNumber}', 'Lot {lotNumber}'],
    PCK_H_QTY: ['应拣 {openQty} {uom}', 'Pick {openQty} {uom}'],
    PUT_H_RCPT: ['收货单 {receiptId} · 自 {sourceLocationId}', 'Receipt {receiptId} · from {sourceLocationId}'],
    PUT_H_ITEM: ['{itemNumber} {itemDescription}', '{itemNumber} {itemDescription}'],
    PUT_H_LOT: ['批号 {lotNumber}', 'Lot {lotNumber}'],
    PUT_H_HU: ['托盘 {huId}', 'Pallet {huId}'],
    PUT_H_QTY: ['上架 {putQty} {uom}（可上架 {remaining}）', 'Put away {putQty} {uom} ({remaining} ready)'],
    MOV_H_FROM: ['自 {fromLocation}', 'From {fromLocation}'],
    MOV_H_ITEM: ['{itemNumber} {itemDescription}', '{itemNumber} {itemDescription}'],
    MOV_H_LOT: ['批号 {lotNumber} · 托盘 {huId}', 'Lot {lotNumber} · Pallet {huId}'],
    MOV_H_QTY: ['移 {moveQty} {uom}（可用 {available}）', 'Move {moveQty} {uom} ({available} available)'],
    CTN_H_CARTON: [
      '箱 {cartonNumber}（{cartonType}）· 订单 {orderNumber}',
      'Carton {cartonNumber} ({cartonType}) · order {orderNumber}',
    ],
    CTN_H_PACKED: ['箱内 {packedQty}', 'In carton {packedQty}'],
    CTN_H_ITEM: ['{itemNumber} · 批号 {lotNumber}', '{itemNumber} · Lot {lotNumber}'],
    CTN_H_SN: ['序列号 {serialCount}/{serialsNeeded}', 'Serials {serialCount}/{serialsNeeded}'],
    CNT_H_TASK: ['盘点任务 {workQId}', 'Count task {workQId}'],
    CNT_H_LOC: ['库位 {locationId}', 'Location {locationId}'],
    CNT_H_ITEM: ['商品 {itemNumber}', 'Item {itemNumber}'],
    CNT_H_LOT: ['批号 {lotNumber}', 'Lot {lotNumber}'],
    CNT_H_HU: ['托盘 {huId}', 'Pallet {huId}'],
    CNT_H_SN: ['序列号 {serialCount}/{serialsNeeded}', 'Serials {serialCount}/{serialsNeeded}'],
  },
  prompt: {
    INQ_P_SCAN: ['扫描库位、商品或托盘', 'Scan a location, item or pallet'],
    INQ_P_NEXT: ['扫描下一个库位、商品或托盘', 'Scan the next location, item or pallet'],
    RCV_P_PO: ['扫描采购订单号', 'Scan the PO number'],
    RCV_P_ITEM: ['扫描商品条码或 GS1 条码', 'Scan the item or its GS1 code'],
    RCV_P_LOT: ['扫描或输入批号', 'Scan or enter the lot'],
    RCV_P_EXP: ['有效期（年-月-日）', 'Expiry date (YYYY-MM-DD)'],
    RCV_P_QTY: ['收货数量（{uom}）', 'Quantity received ({uom})'],
    RCV_P_LOC: ['扫描收货库位', 'Scan the receiving location'],
    RCV_P_HU: ['扫描托盘号（SSCC）', 'Scan the pallet (SSCC)'],
    RCV_P_SN: ['扫描序列号或商品 GS1 标签', 'Scan the serial or the item’s GS1 label'],
    PCK_P_SN: ['扫描所拣商品的序列号', 'Scan the serial of each unit picked'],
    PCK_P_WAVE: ['扫描波次号', 'Scan the wave'],
    PCK_P_LOC: ['到库位 {pickLocation} 扫描库位', 'Go to {pickLocation} and scan the location'],
    PCK_P_ITEM: ['扫描商品 {itemNumber}', 'Scan item {itemNumber}'],
    PCK_P_QTY: ['拣货数量（{uom}）', 'Quantity picked ({uom})'],
    PCK_P_SHORT: ['库位实际找到的数量（{uom}）', 'Quantity found at the location ({uom})'],
    PUT_P_SCAN: ['扫描托盘、收货单或商品', 'Scan the pallet, receipt or item'],
    PUT_P_QTY: ['上架数量（{uom}）', 'Quantity to put away ({uom})'],
    PUT_P_DEST: ['扫描目标库位（建议 {suggestedLocation}）', 'Scan the destination (suggested {suggestedLocation})'],
    MOV_P_FROM: ['扫描来源库位', 'Scan the source location'],
    MOV_P_ITEM: ['扫描商品或 GS1 条码', 'Scan the item or its GS1 code'],
    MOV_P_QTY: ['移库数量（{uom}）', 'Quantity to move ({uom})'],
    MOV_P_TO: ['扫描目标库位', 'Scan the destination location'],
    CTN_P_ORDER: ['扫描订单号', 'Scan the order'],
    CTN_P_ITEM: ['扫描商品装箱；F1 封箱', 'Scan an item into the carton; F1 closes it'],
    CTN_P_QTY: ['装箱数量', 'Quantity into the carton'],
    CTN_P_SN: ['扫描装箱商品的序列号', 'Scan the serial of each unit packed'],
    CNT_P_TASK: ['扫描盘点任务号或库位', 'Scan the count task or its location'],
    CNT_P_LOC: ['到库位 {locationId} 扫描库位', 'Go to {locationId} and scan the location'],
    CNT_P_QTY: ['盘点数量', 'Quantity counted'],
    CNT_P_SN: ['扫描所盘商品的序列号', 'Scan the serial of each unit counted'],
  },
  option: {
    OPT_BACK: ['返回', 'Back'],
    OPT_EXIT: ['完成', 'Done'],
    OPT_SHORT: ['短拣', 'Short'],
    OPT_CLOSE: ['封箱', 'Close carton'],
    OPT_CANCEL: ['取消箱', 'Cancel carton'],
  },
};

const back = (next: string) => ({ key: 'BACK' as const, next, option: 'OPT_BACK', description: 'Previous step' });
const done = { key: 'DONE' as const, next: 'Exit', option: 'OPT_EXIT', description: 'Leave the flow' };
const short = {
  key: 'F1' as const,
  next: 'PCK_SHORT',
  option: 'OPT_SHORT',
  description: 'Short pick: less found than the task asks',
};

const INQUIRY: FlowDef = {
  main: 'INQUIRY',
  dialogs: [
    {
      name: 'INQ_SCAN',
      title: 'INQ_TITLE',
      prompt: 'INQ_P_SCAN',
      inputField: 'inquiryCode',
      exec: 'inquiry.stock',
      options: [done],
    },
    {
      name: 'INQ_RESULT',
      title: 'INQ_TITLE',
      headers: ['INQ_H_WHAT', 'INQ_H_SUM', 'INQ_H_L1', 'INQ_H_L2', 'INQ_H_L3'],
      prompt: 'INQ_P_NEXT',
      inputField: 'inquiryCode',
      list: 'inquiry.rows',
      exec: 'inquiry.stock',
      options: [back('INQ_SCAN'), done],
    },
  ],
  rows: [
    { sub: 'INQ_SCAN', success: 'INQ_RESULT' },
    { sub: 'INQ_RESULT', success: 'INQ_RESULT' },
  ],
};

const RECEIVE: FlowDef = {
  main: 'RECEIVE',
  dialogs: [
    {
      name: 'RCV_PO',
      title: 'RCV_TITLE',
      prompt: 'RCV_P_PO',
      inputField: 'poNumber',
      list: 'receive.poList',
      exec: 'receive.po',
      options: [done],
    },
    {
      name: 'RCV_ITEM',
      title: 'RCV_TITLE',
      headers: ['RCV_H_PO', 'RCV_H_LAST'],
      prompt: 'RCV_P_ITEM',
      inputField: 'itemScan',
      list: 'receive.poLines',
      exec: 'receive.item',
      options: [back('RCV_PO'), done],
    },
    {
      name: 'RCV_LOT',
      title: 'RCV_TITLE',
      headers: ['RCV_H_PO', 'RCV_H_ITEM', 'RCV_H_REMAIN'],
      prompt: 'RCV_P_LOT',
      inputField: 'lotNumber',
      inputDefault: '{lotNumber}',
      exec: 'receive.lot',
      options: [back('RCV_ITEM'), done],
    },
    {
      name: 'RCV_EXP',
      title: 'RCV_TITLE',
      headers: ['RCV_H_PO', 'RCV_H_ITEM', 'RCV_H_LOT'],
      prompt: 'RCV_P_EXP',
      inputField: 'expirationDate',
      inputDefault: '{expirationDate}',
      exec: 'receive.expiry',
      options: [back('RCV_LOT'), done],
    },
    {
      name: 'RCV_QTY',
      title: 'RCV_TITLE',
      headers: ['RCV_H_PO', 'RCV_H_ITEM', 'RCV_H_REMAIN', 'RCV_H_LOT'],
      prompt: 'RCV_P_QTY',
      inputField: 'qty',
      inputDefault: '{qty}',
      exec: 'receive.qty',
      options: [back('RCV_ITEM'), done],
    },
    {
      name: 'RCV_SN',
      title: 'RCV_TITLE',
      headers: ['RCV_H_PO', 'RCV_H_ITEM', 'RCV_H_QTY', 'RCV_H_SN'],
      prompt: 'RCV_P_SN',
      inputField: 'serialScan',
      exec: 'receive.serial',
      options: [back('RCV_QTY'), done],
    },
    {
      name: 'RCV_LOC',
      title: 'RCV_TITLE',
      headers: ['RCV_H_PO', 'RCV_H_ITEM', 'RCV_H_QTY', 'RCV_H_LOT'],
      prompt: 'RCV_P_LOC',
      inputField: 'locationId',
      inputDefault: '{defaultLocation}',
      exec: 'receive.location',
      options: [back('RCV_QTY'), done],
    },
    {
      name: 'RCV_HU',
      title: 'RCV_TITLE',
      headers: ['RCV_H_PO', 'RCV_H_ITEM', 'RCV_H_QTY', 'RCV_H_LOC'],
      prompt: 'RCV_P_HU',
      inputField: 'huId',
      inputDefault: '{huId}',
      exec: 'receive.pallet',
      options: [back('RCV_LOC'), done],
    },
  ],
  rows: [
    { sub: 'RCV_PO', success: 'RCV_ITEM' },
    { sub: 'RCV_ITEM', success: 'RCV_LOT', branch1: 'RCV_QTY' },
    { sub: 'RCV_LOT', success: 'RCV_EXP' },
    { sub: 'RCV_EXP', success: 'RCV_QTY' },
    { sub: 'RCV_QTY', success: 'RCV_LOC', branch1: 'RCV_SN' },
    { sub: 'RCV_SN', success: 'RCV_LOC', branch1: 'RCV_SN' },
    { sub: 'RCV_LOC', success: 'RCV_HU', branch1: 'RCV_ITEM' },
    { sub: 'RCV_HU', success: 'RCV_ITEM' },
  ],
};

const PICK_HEADERS = ['PCK_H_TASK', 'PCK_H_LOC', 'PCK_H_ITEM', 'PCK_H_LOT', 'PCK_H_QTY'];
const PICK: FlowDef = {
  main: 'PICK',
  dialogs: [
    {
      name: 'PCK_WAVE',
      title: 'PCK_TITLE',
      prompt: 'PCK_P_WAVE',
      inputField: 'waveId',
      list: 'pick.waves',
      exec: 'pick.wave',
      options: [done],
    },
    {
      name: 'PCK_LOC',
      title: 'PCK_TITLE',
      headers: PICK_HEADERS,
      prompt: 'PCK_P_LOC',
      inputField: 'scanLocation',
      exec: 'pick.location',
      options: [back('PCK_WAVE'), done, short],
    },
    {
      name: 'PCK_ITEM',
      title: 'PCK_TITLE',
      headers: PICK_HEADERS,
      prompt: 'PCK_P_ITEM',
      inputField: 'scanItem',
      exec: 'pick.item',
      options: [back('PCK_LOC'), done, short],
    },
    {
      name: 'PCK_QTY',
      title: 'PCK_TITLE',
      headers: PICK_HEADERS,
      prompt: 'PCK_P_QTY',
      inputField: 'pickQty',
      inputDefault: '{pickQty}',
      exec: 'pick.confirm',
      options: [back('PCK_ITEM'), done, short],
    },
    {
      name: 'PCK_SN',
      title: 'PCK_TITLE',
      headers: ['PCK_H_TASK', 'PCK_H_LOC', 'PCK_H_ITEM', 'PCK_H_QTY', 'PCK_H_SN'],
      prompt: 'PCK_P_SN',
      inputField: 'serialScan',
      exec: 'pick.serial',
      options: [back('PCK_QTY'), done],
    },
    {
      name: 'PCK_SHORT',
      title: 'PCK_TITLE',
      headers: PICK_HEADERS,
      prompt: 'PCK_P_SHORT',
      inputField: 'qtyFound',
      inputDefault: '0',
      exec: 'pick.short',
      options: [back('PCK_LOC'), done],
    },
  ],
  rows: [
    { sub: 'PCK_WAVE', success: 'PCK_LOC' },
    { sub: 'PCK_LOC', success: 'PCK_ITEM' },
    { sub: 'PCK_ITEM', success: 'PCK_QTY' },
    { sub: 'PCK_QTY', success: 'PCK_LOC', branch1: 'PCK_WAVE', branch2: 'PCK_SN' },
    { sub: 'PCK_SN', success: 'PCK_LOC', branch1: 'PCK_WAVE', branch2: 'PCK_SN' },
    { sub: 'PCK_SHORT', success: 'PCK_LOC', branch1: 'PCK_WAVE', branch2: 'PCK_SN' },
  ],
};

const PUT_HEADERS = ['PUT_H_RCPT', 'PUT_H_ITEM', 'PUT_H_LOT', 'PUT_H_HU', 'PUT_H_QTY'];
const PUTAWAY: FlowDef = {
  main: 'PUTAWAY',
  dialogs: [
    {
      name: 'PUT_SCAN',
      title: 'PUT_TITLE',
      prompt: 'PUT_P_SCAN',
      inputField: 'putScan',
      list: 'putaway.ready',
      exec: 'putaway.receipt',
      options: [done],
    },
    {
      name: 'PUT_QTY',
      title: 'PUT_TITLE',
      headers: PUT_HEADERS,
      prompt: 'PUT_P_QTY',
      inputField: 'putQty',
      inputDefault: '{putQty}',
      exec: 'putaway.qty',
      options: [back('PUT_SCAN'), done],
    },
    {
      name: 'PUT_DEST',
      title: 'PUT_TITLE',
      headers: PUT_HEADERS,
      prompt: 'PUT_P_DEST',
      inputField: 'destLocationId',
      inputDefault: '{suggestedLocation}',
      exec: 'putaway.confirm',
      options: [back('PUT_QTY'), done],
    },
  ],
  rows: [
    { sub: 'PUT_SCAN', success: 'PUT_QTY' },
    { sub: 'PUT_QTY', success: 'PUT_DEST' },
    { sub: 'PUT_DEST', success: 'PUT_SCAN' },
  ],
};

const MOV_HEADERS = ['MOV_H_FROM', 'MOV_H_ITEM', 'MOV_H_LOT', 'MOV_H_QTY'];
const MOVE: FlowDef = {
  main: 'MOVE',
  dialogs: [
    { name: 'MOV_FROM', title: 'MOV_TITLE', prompt: 'MOV_P_FROM', inputField: 'moveScan', exec: 'move.from', options: [done] },
    {
      name: 'MOV_ITEM',
      title: 'MOV_TITLE',
      headers: MOV_HEADERS,
      prompt: 'MOV_P_ITEM',
      inputField: 'moveItem',
      exec: 'move.item',
      options: [back('MOV_FROM'), done],
    },
    {
      name: 'MOV_QTY',
      title: 'MOV_TITLE',
      headers: MOV_HEADERS,
      prompt: 'MOV_P_QTY',
      inputField: 'moveQty',
      inputDefault: '{moveQty}',
      exec: 'move.qty',
      options: [back('MOV_ITEM'), done],
    },
    {
      name: 'MOV_TO',
      title: 'MOV_TITLE',
      headers: MOV_HEADERS,
      prompt: 'MOV_P_TO',
      inputField: 'toLocation',
      exec: 'move.confirm',
      options: [back('MOV_QTY'), done],
    },
  ],
  rows: [
    { sub: 'MOV_FROM', success: 'MOV_ITEM' },
    { sub: 'MOV_ITEM', success: 'MOV_QTY' },
    { sub: 'MOV_QTY', success: 'MOV_TO' },
    { sub: 'MOV_TO', success: 'MOV_FROM' },
  ],
};

const CTN_HEADERS = ['CTN_H_CARTON', 'CTN_H_PACKED'];
const CARTON: FlowDef = {
  main: 'CARTON',
  dialogs: [
    {
      name: 'CTN_ORDER',
      title: 'CTN_TITLE',
      prompt: 'CTN_P_ORDER',
      inputField: 'orderNumber',
      list: 'carton.orders',
      exec: 'carton.order',
      options: [done],
    },
    {
      name: 'CTN_ITEM',
      title: 'CTN_TITLE',
      headers: CTN_HEADERS,
      prompt: 'CTN_P_ITEM',
      inputField: 'packItem',
      exec: 'carton.item',
      options: [
        done,
        {
          key: 'F1',
          next: 'CTN_ORDER',
          option: 'OPT_CLOSE',
          description: 'Close the carton with what was scanned',
          beforeNext: 'carton.close',
        },
        { key: 'F2', next: 'CTN_ORDER', option: 'OPT_CANCEL', description: 'Cancel the empty carton', beforeNext: 'carton.exit' },
      ],
    },
    {
      name: 'CTN_QTY',
      title: 'CTN_TITLE',
      headers: [...CTN_HEADERS, 'CTN_H_ITEM'],
      prompt: 'CTN_P_QTY',
      inputField: 'packQty',
      inputDefault: '{packQty}',
      exec: 'carton.qty',
      options: [back('CTN_ITEM'), done],
    },
    {
      name: 'CTN_SN',
      title: 'CTN_TITLE',
      headers: [...CTN_HEADERS, 'CTN_H_ITEM', 'CTN_H_SN'],
      prompt: 'CTN_P_SN',
      inputField: 'serialScan',
      exec: 'carton.serial',
      options: [back('CTN_QTY'), done],
    },
  ],
  rows: [
    { sub: 'CTN_ORDER', success: 'CTN_ITEM' },
    { sub: 'CTN_ITEM', success: 'CTN_QTY' },
    { sub: 'CTN_QTY', success: 'CTN_ITEM', branch1: 'CTN_SN' },
    { sub: 'CTN_SN', success: 'CTN_ITEM', branch1: 'CTN_SN' },
  ],
};

const CNT_HEADERS = ['CNT_H_TASK', 'CNT_H_LOC', 'CNT_H_ITEM', 'CNT_H_LOT', 'CNT_H_HU'];
const COUNT: FlowDef = {
  main: 'COUNT',
  dialogs: [
    {
      name: 'CNT_TASK',
      title: 'CNT_TITLE',
      prompt: 'CNT_P_TASK',
      inputField: 'countCode',
      list: 'count.tasks',
      exec: 'count.task',
      options: [done],
    },
    {
      name: 'CNT_LOC',
      title: 'CNT_TITLE',
      headers: CNT_HEADERS,
      prompt: 'CNT_P_LOC',
      inputField: 'scanLocation',
      exec: 'count.location',
      options: [back('CNT_TASK'), done],
    },
    {
      name: 'CNT_QTY',
      title: 'CNT_TITLE',
      headers: CNT_HEADERS,
      prompt: 'CNT_P_QTY',
      inputField: 'countQty',
      exec: 'count.enter',
      options: [back('CNT_LOC'), done],
    },
    {
      name: 'CNT_SN',
      title: 'CNT_TITLE',
      headers: [...CNT_HEADERS.slice(0, 4), 'CNT_H_SN'],
      prompt: 'CNT_P_SN',
      inputField: 'serialScan',
      exec: 'count.serial',
      options: [back('CNT_QTY'), done],
    },
  ],
  rows: [
    { sub: 'CNT_TASK', success: 'CNT_LOC' },
    { sub: 'CNT_LOC', success: 'CNT_QTY' },
    { sub: 'CNT_QTY', success: 'CNT_TASK', branch1: 'CNT_SN' },
    { sub: 'CNT_SN', success: 'CNT_TASK', branch1: 'CNT_SN' },
  ],
};

/** The seeded flows, in the order the handheld lists them. */
export const DEMO_RF_FLOWS: readonly FlowDef[] = [RECEIVE, PUTAWAY, MOVE, PICK, CARTON, COUNT, INQUIRY];

/** The demo waves released for the PICK flow (a second one, so that a second walk finds work too). */
export const DEMO_RF_WAVE = 'DEMO-WV-RF';
export const DEMO_RF_WAVE_2 = 'DEMO-WV-RF2';

/** Writes one flow's dialogs and keys for a warehouse and client (its main-process rows are global). */
export async function writeRfFlow(db: Db, flow: FlowDef, whId: string, clientCode: string): Promise<void> {
  for (const d of flow.dialogs) {
    const h = d.headers ?? [];
    await sql`
      insert into rf_sub_process_detail (wh_id, client_code, sub_process_name, process_version, process_description, dialog_title,
        dialog_header1, dialog_header2, dialog_header3, dialog_header4, dialog_header5, dialog_prompt, dialog_input_default,
        dialog_input_field, dialog_list_source_exec_sp, dialog_exec_sp)
      values (${whId}, ${clientCode}, ${d.name}, '1', ${`${flow.main} ${d.name}`}, ${d.title}, ${h[0] ?? null}, ${h[1] ?? null},
        ${h[2] ?? null}, ${h[3] ?? null}, ${h[4] ?? null}, ${d.prompt}, ${d.inputDefault ?? null}, ${d.inputField ?? null},
        ${d.list ?? null}, ${d.exec ?? null})
      on conflict (wh_id, client_code, sub_process_name) do nothing`.execute(db);
    for (const o of d.options) {
      await sql`
        insert into rf_sub_process_option (wh_id, client_code, sub_process_name, dialog_option_name, dialog_option_description,
          function_key, next_sub_process_name, exec_sp_before_next)
        values (${whId}, ${clientCode}, ${d.name}, ${o.option}, ${o.description}, ${o.key}, ${o.next}, ${o.beforeNext ?? null})
        on conflict (wh_id, client_code, sub_process_name, function_key) do nothing`.execute(db);
    }
  }
}

/** Seeds the RF configuration for every (warehouse, client) pair, the devices, and the PICK flow's released wave. */
export async function seedDemoRf(db: Db): Promise<void> {
  for (const [type, names] of Object.entries(RESOURCES)) {
    for (const [name, [zh, en]] of Object.entries(names)) {
      await sql`
        insert into rf_process_resource (name, type, text, locale_id) values (${name}, ${type}, ${zh}, '2052'), (${name}, ${type}, ${en}, '1033')
        on conflict (name, type, locale_id) do nothing`.execute(db);
    }
  }
  for (const flow of DEMO_RF_FLOWS) {
    for (const r of flow.rows) {
      await sql`
        insert into rf_main_process_detail (main_process_name, sub_process_name, success_next_process_name, fail_next_process_name,
          dynamic_process_name1, dynamic_process_name2)
        values (${flow.main}, ${r.sub}, ${r.success ?? null}, ${r.fail ?? null}, ${r.branch1 ?? null}, ${r.branch2 ?? null})
        on conflict (main_process_name, sub_process_name) do nothing`.execute(db);
    }
  }
  const { rows: pairs } = await sql<{ whId: string; clientCode: string }>`
    select wh_id, client_code from t_client order by wh_id, client_code`.execute(db);
  for (const pair of pairs) for (const flow of DEMO_RF_FLOWS) await writeRfFlow(db, flow, pair.whId, pair.clientCode);
  await sql`
    insert into rf_fork (wh_id, fork_id, description) values
      ('WH01', 'FL-01', '叉车 1 Forklift 1'), ('WH01', 'FL-02', '叉车 2 Forklift 2'),
      ('WH01', 'HH-01', '手持终端 1 Handheld 1'), ('WH01', 'HH-02', '手持终端 2 Handheld 2'), ('WH01', 'HH-03', '手持终端 3 Handheld 3'),
      ('WH02', 'FL-01', '叉车 1 Forklift 1')
    on conflict (wh_id, fork_id) do nothing`.execute(db);
  await seedRfWave(db, DEMO_RF_WAVE, 'DEMO-SO-RF', [
    ['ACME-0071', 'A02-11-1', '10'],
    ['ACME-0083', 'A02-12-1', '6'],
  ]);
  await seedRfWave(db, DEMO_RF_WAVE_2, 'DEMO-SO-RF2', [
    ['ACME-0047', 'A02-15-1', '8'],
    ['ACME-0095', 'A02-16-1', '4'],
  ]);
}

/**
 * A released demo wave for the PICK flow: 50 of each of two plain ACME items on shelving, one order asking the given
 * quantities, the wave built and released.
 */
async function seedRfWave(
  db: Db,
  waveId: string,
  orderNo: string,
  lines: readonly [item: string, location: string, qty: string][],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const items = await demoItems(
      trx,
      lines.map(([item]) => item),
    );
    const profileId = await priorityProfile(trx, 'ACME');
    if (items.length < lines.length || profileId === null) return;
    const itemOf = (number: string) => items.find((i) => i.itemNumber === number)!;
    await putDemoStock(
      trx,
      'DEMO-RF',
      lines.map(([item, location]) => [itemOf(item), location, '50'] as const),
    );
    const user = demoUser(['tOrder', 'tWaveMaster', 'tAfaProfile']);
    const orderNumber = await createConfirmedOrder(
      trx,
      user,
      {
        whId: 'WH01',
        clientCode: 'ACME',
        orderNumber: orderNo,
        priority: 50,
        customerName: '演示客户 Demo customer',
        shipToName: '张三 Zhang San',
        shipToCity: '上海 Shanghai',
      },
      lines.map(([item, , qty]) => demoOrderLine(itemOf(item), qty)),
    );
    await buildWave(trx, user, {
      header: {
        whId: 'WH01',
        waveId,
        sequence: 1,
        priority: 50,
        workersRequired: 1,
        stagingLocation: 'STG-OUT-03',
        doorLocation: 'D05',
        remark: '手持拣货演示波次 Handheld pick demo wave',
      },
      profileId,
      orderNumbers: [orderNumber],
    });
    const { rows } = await sql<{ today: string; later: string }>`
      select to_char(current_date - 30, 'YYYY-MM-DD') as today, to_char(current_date + 365, 'YYYY-MM-DD') as later`.execute(trx);
    await releaseWaves(
      trx,
      {
        whId: 'WH01',
        waveIds: [waveId],
        overrideWorkType: 'EACHPICK',
        priority: 50,
        workersRequired: 1,
        earliestShipDate: rows[0]?.today ?? '',
        latestShipDate: rows[0]?.later ?? '',
      },
      user,
    );
  });
}
