import type { ColumnType, Generated } from 'kysely';

/** Kysely row types of the master-data tables (migration 0004_masterdata), camelCase as the CamelCasePlugin maps them. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric(18, 3): read as an exact decimal string, written as string or number. */
type Decimal = ColumnType<string, string | number, string | number>;

export interface TWhseControlTable {
  id: Generated<number>;
  whId: string;
  controlName: string;
  clientCode: string | null;
  controlValue: string | null;
  description: string | null;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TControlTable {
  id: Generated<number>;
  whId: string;
  controlType: string;
  description: string | null;
  prefix: string | null;
  numberLength: Generated<number>;
  nextValue: Generated<number>;
  configDisplay: string | null;
  allowEdit: Generated<string>;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TItemTypeTable {
  id: Generated<number>;
  whId: string;
  itemTypeId: string;
  description: string;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TItemClassTable {
  id: Generated<number>;
  whId: string;
  classId: string;
  itemTypeId: string | null;
  description: string;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TAttributeCollectionTable {
  id: Generated<number>;
  whId: string;
  attributeCollectionId: string;
  description: string;
  attributeType1: string | null;
  attributeType2: string | null;
  attributeType3: string | null;
  attributeType4: string | null;
  attributeType5: string | null;
  attributeType6: string | null;
  attributeType7: string | null;
  attributeType8: string | null;
  attributeType9: string | null;
  attributeType10: string | null;
  attributeType11: string | null;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TStoredAttributeTable {
  id: Generated<number>;
  whId: string;
  attributeCollectionId: string;
  genericAttrValue1: string | null;
  genericAttrValue2: string | null;
  genericAttrValue3: string | null;
  genericAttrValue4: string | null;
  genericAttrValue5: string | null;
  genericAttrValue6: string | null;
  genericAttrValue7: string | null;
  genericAttrValue8: string | null;
  genericAttrValue9: string | null;
  genericAttrValue10: string | null;
  genericAttrValue11: string | null;
  createTime: Timestamp;
}

export interface TItemMasterTable {
  id: Generated<number>;
  whId: string;
  clientCode: string;
  itemNumber: string;
  displayItemNumber: string | null;
  description: string;
  inventoryType: string | null;
  uom: string;
  shelfLife: number | null;
  minShelfLifeDays: number | null;
  serialControl: Generated<string>;
  lotControl: Generated<string>;
  itemCategory: string | null;
  price: Decimal | null;
  upc: string | null;
  unitWeight: Decimal | null;
  tareWeight: Decimal | null;
  unitVolume: Decimal | null;
  nestedVolume: Decimal | null;
  length: Decimal | null;
  width: Decimal | null;
  height: Decimal | null;
  sampleRate: number | null;
  defaultCartonType: Generated<string | null>;
  isSpecialSize: Generated<string>;
  useXcarton: Generated<string>;
  minqtyToUseXcarton: Decimal | null;
  itemTypeId: string | null;
  classId: string | null;
  attributeCollectionId: string | null;
  status: Generated<string>;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TItemUomTable {
  id: Generated<number>;
  whId: string;
  itemNumber: string;
  uom: string;
  conversionFactor: Decimal;
  uomPrompt: string | null;
  pickPutId: string | null;
  uomWeight: Decimal | null;
  length: Decimal | null;
  width: Decimal | null;
  height: Decimal | null;
  packageWeight: Decimal | null;
  status: Generated<string>;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TZoneTable {
  id: Generated<number>;
  whId: string;
  zone: string;
  description: string | null;
  overflowZone: string | null;
  zoneType: string;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TLocationTable {
  id: Generated<number>;
  whId: string;
  locationId: string;
  description: string | null;
  shortLocationId: string | null;
  status: Generated<string>;
  type: string;
  huFlag: Generated<string>;
  itemHuIndicator: Generated<string>;
  zone: string | null;
  pickingFlow: number | null;
  capacityUom: string | null;
  capacityQty: Decimal | null;
  cycleCountClass: string | null;
  lastCountDate: string | null;
  capacityVolume: Decimal | null;
  length: Decimal | null;
  width: Decimal | null;
  height: Decimal | null;
  pickArea: string | null;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TZoneLocaTable {
  id: Generated<number>;
  whId: string;
  zone: string;
  locationId: string;
  pickSeq: number | null;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TVendorTable {
  id: Generated<number>;
  whId: string;
  vendorCode: string;
  vendorName: string;
  contact: string | null;
  phone: string | null;
  email: string | null;
  addr1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  countryCode: string | null;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TCarrierTable {
  id: Generated<number>;
  whId: string;
  carrierCode: string;
  carrierName: string;
  status: Generated<string>;
  scacCode: string | null;
  transportMode: string | null;
  contactName: string | null;
  phone: string | null;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TblCartonTypeTable {
  id: Generated<number>;
  whId: string;
  cartonType: string;
  description: string;
  length: Decimal | null;
  width: Decimal | null;
  height: Decimal | null;
  maxWeight: Decimal | null;
  tareWeight: Decimal | null;
  status: Generated<string>;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TblSnMasterTable {
  id: Generated<number>;
  whId: string;
  itemNumber: string;
  serialNumber: Generated<string>;
  lotNumber: string | null;
  status: Generated<string>;
  locationId: string | null;
  orderNumber: string | null;
  receiptId: string | null;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TblPrintSchedulerTable {
  id: Generated<number>;
  whId: string;
  documentType: string;
  printerName: string;
  printerAddress: string | null;
  copies: Generated<number>;
  status: Generated<string>;
  description: string | null;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TReasonTable {
  id: Generated<number>;
  whId: string;
  reasonType: string;
  reasonId: string;
  clientCode: string | null;
  description: string;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TDockDoorTable {
  id: Generated<number>;
  whId: string;
  doorId: string;
  description: string | null;
  doorType: Generated<string>;
  stagingLocationId: string | null;
  status: Generated<string>;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface TWorkTypeTable {
  id: Generated<number>;
  whId: string;
  workType: string;
  description: string;
  priority: Generated<number>;
  createTime: Timestamp;
  updateTime: Timestamp;
}

/** The master-data tables (migration 0004). */
export interface MasterdataTables {
  tWhseControl: TWhseControlTable;
  tControl: TControlTable;
  tItemType: TItemTypeTable;
  tItemClass: TItemClassTable;
  tAttributeCollection: TAttributeCollectionTable;
  tStoredAttribute: TStoredAttributeTable;
  tItemMaster: TItemMasterTable;
  tItemUom: TItemUomTable;
  tZone: TZoneTable;
  tLocation: TLocationTable;
  tZoneLoca: TZoneLocaTable;
  tVendor: TVendorTable;
  tCarrier: TCarrierTable;
  tblCartonType: TblCartonTypeTable;
  tblSnMaster: TblSnMasterTable;
  tblPrintScheduler: TblPrintSchedulerTable;
  tReason: TReasonTable;
  tDockDoor: TDockDoorTable;
  tWorkType: TWorkTypeTable;
}
