import { defineEntity } from './defineEntity';
import { keyField, textField, whIdField } from './fields';

/**
 * An attribute collection names up to 11 attribute types (colour, size, origin …) that tell an item's stock apart;
 * the values of one combination get one stored attribute id (t_stored_attribute). Empty slots are unused.
 */
export const tAttributeCollection = defineEntity({
  name: 'tAttributeCollection',
  listKey: 'attributeCollectionId',
  resource: 'tAttributeCollection',
  warehouseScoped: true,
  unique: ['whId', 'attributeCollectionId'],
  orderBy: ['whId', 'attributeCollectionId'],
  fields: {
    whId: whIdField,
    attributeCollectionId: keyField(30, 160),
    description: textField(100, { required: true, filter: true, column: true, width: 200 }),
    attributeType1: textField(30, { column: true, width: 110 }),
    attributeType2: textField(30, { column: true, width: 110 }),
    attributeType3: textField(30, { column: true, width: 110 }),
    attributeType4: textField(30, { column: true, width: 110 }),
    attributeType5: textField(30),
    attributeType6: textField(30),
    attributeType7: textField(30),
    attributeType8: textField(30),
    attributeType9: textField(30),
    attributeType10: textField(30),
    attributeType11: textField(30),
  },
  form: [
    ['whId', 'attributeCollectionId'],
    ['description'],
    ['attributeType1', 'attributeType2'],
    ['attributeType3', 'attributeType4'],
    ['attributeType5', 'attributeType6'],
    ['attributeType7', 'attributeType8'],
    ['attributeType9', 'attributeType10'],
    ['attributeType11'],
  ],
});
