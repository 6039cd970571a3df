import { formatOrgNumber, parseOrgNumber, type CompanyRegistryEntry } from '@optik/shared';

/**
 * The company registry (CVR) as a port (ARCHITECTURE.md: "CVR lookup (seeded registry)").
 * The local registry below is the default and the one tests use; a deployment can put the
 * Danish Business Authority's CVR service behind the same interface.
 */
export interface CompanyRegistry {
  /** The company with this CVR number (8 digits, any accepted spelling), or null when the registry has none. */
  lookup(cvr: string): Promise<CompanyRegistryEntry | null>;
}

type Row = [cvr: string, name: string, street: string, zip: string, city: string, units?: [pNumber: string, name: string, street: string, zip: string, city: string][]];

/**
 * Made-up companies with real Danish addresses and CVR numbers whose check digit holds
 * (DOMAIN.md: weights 2,7,6,5,4,3,2,1, sum divisible by 11). Nordhavn Logistik is the company
 * of the seeded agreement and requisitions; Fjordby Kommune is public sector (e-invoice by EAN).
 */
export const LOCAL_REGISTRY: readonly Row[] = [
  ['29446423', 'Nordhavn Logistik A/S', 'Sundkaj 125', '2150', 'Nordhavn', [
    ['1018240633', 'Nordhavn Logistik A/S – Terminal Nord', 'Containervej 9', '2150', 'Nordhavn'],
    ['1018240722', 'Nordhavn Logistik A/S – Lager Køge', 'Søndre Havnevej 10', '4600', 'Køge'],
  ]],
  ['66932621', 'Kattegat Software ApS', 'Åboulevarden 22', '8000', 'Aarhus C'],
  ['16597589', 'Fjordby Kommune', 'Rådhustorvet 1', '7100', 'Vejle', [['1004987211', 'Fjordby Kommune – Teknik og Miljø', 'Kirketorvet 22', '7100', 'Vejle']]],
  ['20927364', 'Vestkyst Maskinfabrik ApS', 'Industrivej 14', '6700', 'Esbjerg'],
  ['62621575', 'Bornholms Keramikværksted I/S', 'Store Torv 8', '3700', 'Rønne'],
  ['79970883', 'Limfjordens Revision A/S', 'Boulevarden 13', '9000', 'Aalborg'],
];

/** The seeded local registry (default). */
export function createLocalCompanyRegistry(rows: readonly Row[] = LOCAL_REGISTRY): CompanyRegistry {
  const byCvr = new Map(
    rows.map(([cvr, name, street, zip, city, units = []]) => [
      cvr,
      {
        organisationNumber: formatOrgNumber(cvr),
        name,
        street,
        zip,
        city,
        productionUnits: units.map(([pNumber, uName, uStreet, uZip, uCity]) => ({ pNumber, name: uName, street: uStreet, zip: uZip, city: uCity })),
      } satisfies CompanyRegistryEntry,
    ]),
  );
  return {
    async lookup(cvr) {
      const parsed = parseOrgNumber(cvr);
      return parsed.ok ? (byCvr.get(parsed.digits) ?? null) : null;
    },
  };
}
