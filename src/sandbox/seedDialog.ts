// The demo project's dialog.json, in the platform's real export schema (docs/platform-notes.md, "dialog.json"):
// an intent component per intent, reached from project intent mappings; a question with clickables, branches and
// DTMF over COFFEE_SIZE; an INTENT_VALUE decision; a prompt with an entity placeholder; a data access node on a
// data host; an ESCALATE node handing the order to the store system and an END node. Its variables, END/ESCALATE
// nodes and data host make up the dialog build's configuration interface (builds/dialogInterface.ts).

const id = (n: number): string => `c0ffee00-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const INTENTS = ['ORDER_COFFEE', 'CHECK_ORDER', 'CANCEL_ORDER', 'SET_FAVORITE', 'ASK_HOURS'] as const;
const CONCEPTS = [
  'COFFEE_TYPE',
  'COFFEE_SIZE',
  'CUSTOMER_NAME',
  'ORDER_NUMBER',
  'PICKUP_TIME',
  'DRINK',
  'FAVORITE_DRINK',
] as const;

const intentId = (name: string): string => id(0x100 + INTENTS.indexOf(name as (typeof INTENTS)[number]));
const conceptId = (name: string): string => id(0x200 + CONCEPTS.indexOf(name as (typeof CONCEPTS)[number]));
const componentId = (n: number): string => id(0x300 + n);
const nodeId = (n: number): string => id(0x400 + n);
const NO_INTENT = id(0x1ff);
const YES_NO = id(0x2ff);
const VARIABLES = {
  customerName: { id: id(0x501), type: 'STRING_TYPE', description: 'Name the order is for' },
  orderTotal: { id: id(0x502), type: 'DECIMAL_TYPE', description: 'Total of the current order' },
  loyaltyMember: { id: id(0x503), type: 'BOOLEAN_TYPE', description: 'Caller is in the loyalty program' },
  orderStatus: { id: id(0x504), type: 'STRING_TYPE', description: 'Status returned by the order system' },
};
const DATA_HOST = '7001';

type Json = Record<string, unknown>;

function node(n: number, component: number, kind: string, body: Json): Json {
  return { id: nodeId(n), parentComponentId: componentId(component), eventHandlers: [], [kind]: body };
}

const to = (n: number): Json => ({ transition: { id: id(0x600 + n), nodeId: nodeId(n), transitionType: 'GOTO' } });
const say = (text: string, annotations: Json[] = []): Json => ({
  prompts: [
    {
      payload: {
        displayText: text,
        ttsText: text,
        displayTextAnnotations: annotations,
        ttsTextAnnotations: annotations,
      },
      language: 'en-US',
    },
  ],
});
const sizes = ['S', 'M', 'L'];

function components(): Json[] {
  const main = {
    id: componentId(0),
    name: 'Main',
    description: 'Greets the caller and routes by intent.',
    intentId: '',
    nodes: [
      node(0, 0, 'startNode', { name: 'Start', ...to(1) }),
      node(1, 0, 'recognitionNode2', {
        name: 'AskIntent',
        collectionType: 'INTENT_TYPE',
        entityId: '',
        initialMessage: say('Welcome to the Coffee Shop! What can I get you?'),
        clickables: [],
        actionConfigurations: [],
        dtmfToEntityValueMapping: [],
        nodeCommandOverrides: [],
        ...to(2),
      }),
      node(2, 0, 'intentmapperNode2', {
        name: 'RouteIntent',
        intentMappings: [{ id: id(0x700), intentId: NO_INTENT, destination: { nodeId: nodeId(3) } }],
      }),
      node(3, 0, 'messageNode', { name: 'NotUnderstood', message: say("Sorry, I didn't get that."), ...to(1) }),
    ],
  };
  const intent = (n: number, name: string, nodes: Json[]): Json => ({
    id: componentId(n),
    name,
    description: '',
    intentId: intentId(name),
    nodes,
  });
  const sizeValue = (v: string, i: number): Json => ({
    id: id(0x800 + i),
    order: i,
    entityValue: v,
    label: v,
    channel: '',
    enabled: true,
    entityId: conceptId('COFFEE_SIZE'),
  });
  return [
    main,
    intent(1, 'ORDER_COFFEE', [
      node(10, 1, 'startNode', { name: 'Start', ...to(11) }),
      node(11, 1, 'recognitionNode2', {
        name: 'ask_size',
        collectionType: 'CUSTOM_LIST_TYPE',
        entityId: conceptId('COFFEE_SIZE'),
        initialMessage: say('Which size?'),
        clickables: sizes.map(sizeValue),
        actionConfigurations: sizes.map((v, i) => ({ processingItemsId: id(0x810 + i), conceptValue: v })),
        dtmfToEntityValueMapping: sizes.map((v, i) => ({
          id: id(0x820 + i),
          nodeId: nodeId(11),
          dtmfValue: String(i + 1),
          entityValue: v,
          entityId: '',
        })),
        nodeCommandOverrides: [],
        ...to(12),
      }),
      node(12, 1, 'decisionNode', {
        name: 'still_ordering',
        condition: {
          id: id(0x830),
          leftIntent: 'INTENT_VALUE',
          relationalOperator: 'EQUAL_OPERATOR',
          rightConstant: 'ORDER_COFFEE',
        },
        ...to(13),
      }),
      node(13, 1, 'messageNode', {
        name: 'confirm_order',
        message: say(`One [COFFEE_SIZE|${conceptId('COFFEE_SIZE')}] coffee coming up.`, [
          { type: '', properties: { string: 'COFFEE_SIZE' }, conceptId: conceptId('COFFEE_SIZE') },
        ]),
        assign: { lhsVariableId: VARIABLES.orderTotal.id, constant: '4.50' },
        ...to(14),
      }),
      node(14, 1, 'externalactionNode', {
        name: 'send_to_barista',
        actionType: 'ESCALATE',
        description: 'Hands the order to the store system',
        inputVariablesConcepts: [{ variableId: VARIABLES.customerName.id }, { variableId: VARIABLES.orderTotal.id }],
        outputVariableIds: [VARIABLES.orderStatus.id],
      }),
    ]),
    intent(2, 'CHECK_ORDER', [
      node(20, 2, 'startNode', { name: 'Start', ...to(21) }),
      node(21, 2, 'dataaccessNode', {
        name: 'lookup_order',
        backendConfigId: id(0x900),
        inputVariablesConcepts: [{ conceptId: conceptId('ORDER_NUMBER') }],
        outputVariableIds: [VARIABLES.orderStatus.id],
        successNodeId: nodeId(22),
        failureNodeId: nodeId(22),
      }),
      node(22, 2, 'messageNode', {
        name: 'tell_status',
        message: say('Your order is on its way.'),
        transition: { nodeId: nodeId(50) },
      }),
    ]),
    intent(3, 'CANCEL_ORDER', [
      node(30, 3, 'startNode', { name: 'Start', ...to(31) }),
      node(31, 3, 'messageNode', {
        name: 'cancelled',
        message: say('Your order is cancelled.'),
        transition: { nodeId: nodeId(50) },
      }),
    ]),
    intent(4, 'SET_FAVORITE', [
      node(40, 4, 'startNode', { name: 'Start', ...to(41) }),
      node(41, 4, 'messageNode', {
        name: 'saved',
        message: say('Saved as your favorite.'),
        transition: { nodeId: nodeId(50) },
      }),
    ]),
    intent(5, 'ASK_HOURS', [
      node(50, 5, 'messageNode', { name: 'say_hours', message: say('We are open 7am to 7pm.'), ...to(51) }),
      node(51, 5, 'externalactionNode', {
        name: 'goodbye',
        actionType: 'END',
        description: 'Ends the conversation',
        inputVariablesConcepts: [{ variableId: VARIABLES.loyaltyMember.id }],
        outputVariableIds: [],
      }),
    ]),
  ];
}

export const COFFEE_DIALOG = `${JSON.stringify(
  {
    data: {
      id: id(1),
      name: 'Coffee Shop',
      defaultLocale: 'en-US',
      supportedLocales: ['en-US', 'fr-CA'],
      components: components(),
      variables: Object.entries(VARIABLES).map(([name, v]) => ({
        id: v.id,
        name,
        description: v.description,
        possibleValues: [],
        uiDefaultValue: '',
        isReserved: false,
        masked: false,
        reportingType: 'REPORTING_TYPE_NONE',
        simpleVariableType: v.type,
      })),
      complexVariableTypes: [],
      ontology: {
        projectId: id(1),
        intents: [
          { id: NO_INTENT, name: 'NO_INTENT', conceptIds: [], isInBaseOntology: true },
          ...INTENTS.map((name) => ({ id: intentId(name), name, conceptIds: [], isInBaseOntology: false })),
        ],
        concepts: [
          { id: YES_NO, name: 'YES_NO', isInBaseOntology: false, isDialogType: true },
          ...CONCEPTS.map((name) => ({
            id: conceptId(name),
            name,
            isInBaseOntology: false,
            isDialogType: false,
            ...(name === 'FAVORITE_DRINK' ? { isA: conceptId('COFFEE_TYPE') } : {}),
          })),
        ],
      },
      projectIntentMappings: INTENTS.map((name, i) => ({
        id: id(0x710 + i),
        intentId: intentId(name),
        destination: { componentId: componentId(i + 1) },
      })),
      globalCommandsEntityId: '',
      globalCommands: [],
      // Data-access endpoints: an application configuration gives each alias a value per environment.
      dressAliases: [{ id: DATA_HOST, alias: 'ORDER_API', defaultValue: 'https://orders.coffee.example/api' }],
      backendConfig: [
        {
          id: id(0x900),
          name: 'orders',
          urlExtension: '/orders',
          method: 'GET',
          dressAliasId: DATA_HOST,
          fetchTimeout: 0,
          connectTimeout: 0,
          headers: [],
        },
      ],
      upgradeVersion: 29,
    },
  },
  null,
  2,
)}\n`;
