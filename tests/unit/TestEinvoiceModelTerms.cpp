#include "ops/eu/einvoice/InvoiceReader.h"
#include "ops/eu/einvoice/XmlDocument.h"

#include <QTest>
#include <functional>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// Business terms of EN 16931-1 as the model holds them, read from two synthetic documents that carry one
// invoice in UBL 2.1 and in CII D16B, each term at exactly the binding path EN 16931-3-2 or EN 16931-3-3
// gives for its syntax. A row compares the model's value and the path it records with what the document
// holds. The documents carry every term at once, so they deliberately break business rules that
// exclude terms from each other (BR-CO-03: BT-7 with BT-8); the mapping must not care.
class TestEinvoiceModelTerms : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void term_data();
    void term();
    void creditNoteTerm_data();
    void creditNoteTerm();

private:
    InvoiceModel m_ubl;
    InvoiceModel m_cii;
    InvoiceModel m_creditNote;
};

namespace {

const QByteArray UblInvoice = QByteArray(R"xml(<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
    xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
    xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>INV-2024-0042</cbc:ID>
  <cbc:IssueDate>2024-03-15</cbc:IssueDate>
  <cbc:DueDate>2024-04-14</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:Note>#AAI#Thank you for your order</cbc:Note>
  <cbc:TaxPointDate>2024-03-10</cbc:TaxPointDate>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>
  <cbc:AccountingCost>ACC-7788</cbc:AccountingCost>
  <cbc:BuyerReference>BR-LEITWEG-991</cbc:BuyerReference>
  <cac:InvoicePeriod>
    <cbc:StartDate>2024-02-01</cbc:StartDate>
    <cbc:EndDate>2024-02-29</cbc:EndDate>
    <cbc:DescriptionCode>35</cbc:DescriptionCode>
  </cac:InvoicePeriod>
  <cac:OrderReference>
    <cbc:ID>PO-5531</cbc:ID>
    <cbc:SalesOrderID>SO-8812</cbc:SalesOrderID>
  </cac:OrderReference>
  <cac:BillingReference>
    <cac:InvoiceDocumentReference>
      <cbc:ID>INV-2023-0999</cbc:ID>
      <cbc:IssueDate>2023-12-20</cbc:IssueDate>
    </cac:InvoiceDocumentReference>
  </cac:BillingReference>
  <cac:ContractDocumentReference>
    <cbc:ID>CON-2023-17</cbc:ID>
  </cac:ContractDocumentReference>
  <cac:AdditionalDocumentReference>
    <cbc:ID>TIMESHEET-7</cbc:ID>
    <cac:Attachment>
      <cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="timesheet.pdf">aGVsbG8=</cbc:EmbeddedDocumentBinaryObject>
    </cac:Attachment>
  </cac:AdditionalDocumentReference>
  <cac:AdditionalDocumentReference>
    <cbc:ID schemeID="AAB">METER-4711</cbc:ID>
    <cbc:DocumentTypeCode>130</cbc:DocumentTypeCode>
  </cac:AdditionalDocumentReference>
  <cac:ProjectReference>
    <cbc:ID>PRJ-ALPHA</cbc:ID>
  </cac:ProjectReference>
  <cac:AccountingSupplierParty>
    <cac:Party>
      <cbc:EndpointID schemeID="0088">7300010000001</cbc:EndpointID>
      <cac:PartyIdentification>
        <cbc:ID schemeID="0088">5790000435968</cbc:ID>
      </cac:PartyIdentification>
      <cac:PartyIdentification>
        <cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID>
      </cac:PartyIdentification>
      <cac:PostalAddress>
        <cbc:CityName>Hamburg</cbc:CityName>
        <cbc:PostalZone>20457</cbc:PostalZone>
        <cac:Country>
          <cbc:IdentificationCode>DE</cbc:IdentificationCode>
        </cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme>
        <cbc:CompanyID>DE123456789</cbc:CompanyID>
        <cac:TaxScheme>
          <cbc:ID>VAT</cbc:ID>
        </cac:TaxScheme>
      </cac:PartyTaxScheme>
      <cac:PartyTaxScheme>
        <cbc:CompanyID>22/815/08154</cbc:CompanyID>
        <cac:TaxScheme>
          <cbc:ID>TAX</cbc:ID>
        </cac:TaxScheme>
      </cac:PartyTaxScheme>
      <cac:PartyLegalEntity>
        <cbc:RegistrationName>Nordlicht Trading GmbH</cbc:RegistrationName>
        <cbc:CompanyID>HRB 98765</cbc:CompanyID>
      </cac:PartyLegalEntity>
      <cac:Contact>
        <cbc:Name>Anna Sommer</cbc:Name>
        <cbc:Telephone>+49 40 555 0101</cbc:Telephone>
        <cbc:ElectronicMail>anna.sommer@nordlicht.example</cbc:ElectronicMail>
      </cac:Contact>
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    <cac:Party>
      <cbc:EndpointID schemeID="0204">991-33333-44</cbc:EndpointID>
      <cac:PostalAddress>
        <cbc:CityName>Wien</cbc:CityName>
        <cbc:PostalZone>1010</cbc:PostalZone>
        <cac:Country>
          <cbc:IdentificationCode>AT</cbc:IdentificationCode>
        </cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme>
        <cbc:CompanyID>ATU12345678</cbc:CompanyID>
        <cac:TaxScheme>
          <cbc:ID>VAT</cbc:ID>
        </cac:TaxScheme>
      </cac:PartyTaxScheme>
      <cac:PartyLegalEntity>
        <cbc:RegistrationName>Alpenblick Hotels AG</cbc:RegistrationName>
        <cbc:CompanyID>FN 123456a</cbc:CompanyID>
      </cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingCustomerParty>
  <cac:PayeeParty>
    <cac:PartyName>
      <cbc:Name>Nordlicht Factoring KG</cbc:Name>
    </cac:PartyName>
  </cac:PayeeParty>
  <cac:TaxRepresentativeParty>
    <cac:PartyName>
      <cbc:Name>Fiscal Rep BV</cbc:Name>
    </cac:PartyName>
    <cac:PostalAddress>
      <cac:Country>
        <cbc:IdentificationCode>NL</cbc:IdentificationCode>
      </cac:Country>
    </cac:PostalAddress>
    <cac:PartyTaxScheme>
      <cbc:CompanyID>NL999999999B01</cbc:CompanyID>
      <cac:TaxScheme>
        <cbc:ID>VAT</cbc:ID>
      </cac:TaxScheme>
    </cac:PartyTaxScheme>
  </cac:TaxRepresentativeParty>
  <cac:Delivery>
    <cbc:ActualDeliveryDate>2024-02-28</cbc:ActualDeliveryDate>
    <cac:DeliveryLocation>
      <cac:Address>
        <cac:Country>
          <cbc:IdentificationCode>IT</cbc:IdentificationCode>
        </cac:Country>
      </cac:Address>
    </cac:DeliveryLocation>
  </cac:Delivery>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>
    <cbc:PaymentID>RF18539007547034</cbc:PaymentID>
    <cac:CardAccount>
      <cbc:PrimaryAccountNumberID>XXXXXXXXXXXX1234</cbc:PrimaryAccountNumberID>
      <cbc:NetworkID>VISA</cbc:NetworkID>
    </cac:CardAccount>
    <cac:PayeeFinancialAccount>
      <cbc:ID>DE89370400440532013000</cbc:ID>
      <cbc:Name>Nordlicht Trading Konto</cbc:Name>
      <cac:FinancialInstitutionBranch>
        <cbc:ID>COBADEFFXXX</cbc:ID>
      </cac:FinancialInstitutionBranch>
    </cac:PayeeFinancialAccount>
    <cac:PaymentMandate>
      <cbc:ID>MANDATE-0815</cbc:ID>
      <cac:PayerFinancialAccount>
        <cbc:ID>AT611904300234573201</cbc:ID>
      </cac:PayerFinancialAccount>
    </cac:PaymentMandate>
  </cac:PaymentMeans>
  <cac:PaymentTerms>
    <cbc:Note>Net 30 days, 2% discount within 10 days</cbc:Note>
  </cac:PaymentTerms>
  <cac:AllowanceCharge>
    <cbc:ChargeIndicator>false</cbc:ChargeIndicator>
    <cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>
    <cbc:AllowanceChargeReason>Volume discount</cbc:AllowanceChargeReason>
    <cbc:Amount currencyID="EUR">50.00</cbc:Amount>
    <cac:TaxCategory>
      <cbc:ID>S</cbc:ID>
      <cbc:Percent>19</cbc:Percent>
      <cac:TaxScheme>
        <cbc:ID>VAT</cbc:ID>
      </cac:TaxScheme>
    </cac:TaxCategory>
  </cac:AllowanceCharge>
  <cac:AllowanceCharge>
    <cbc:ChargeIndicator>true</cbc:ChargeIndicator>
    <cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>
    <cbc:AllowanceChargeReason>Freight</cbc:AllowanceChargeReason>
    <cbc:Amount currencyID="EUR">25.00</cbc:Amount>
    <cac:TaxCategory>
      <cbc:ID>S</cbc:ID>
      <cbc:Percent>19</cbc:Percent>
      <cac:TaxScheme>
        <cbc:ID>VAT</cbc:ID>
      </cac:TaxScheme>
    </cac:TaxCategory>
  </cac:AllowanceCharge>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">175.28</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">922.50</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="EUR">175.28</cbc:TaxAmount>
      <cac:TaxCategory>
        <cbc:ID>S</cbc:ID>
        <cbc:Percent>19</cbc:Percent>
        <cbc:TaxExemptionReasonCode>VATEX-EU-79-C</cbc:TaxExemptionReasonCode>
        <cbc:TaxExemptionReason>Exempt based on article 79, point c</cbc:TaxExemptionReason>
        <cac:TaxScheme>
          <cbc:ID>VAT</cbc:ID>
        </cac:TaxScheme>
      </cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="SEK">1993.70</cbc:TaxAmount>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">947.50</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">922.50</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">1097.78</cbc:TaxInclusiveAmount>
    <cbc:AllowanceTotalAmount currencyID="EUR">50.00</cbc:AllowanceTotalAmount>
    <cbc:ChargeTotalAmount currencyID="EUR">25.00</cbc:ChargeTotalAmount>
    <cbc:PrepaidAmount currencyID="EUR">100.00</cbc:PrepaidAmount>
    <cbc:PayableRoundingAmount currencyID="EUR">0.22</cbc:PayableRoundingAmount>
    <cbc:PayableAmount currencyID="EUR">998.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>L-7</cbc:ID>
    <cbc:InvoicedQuantity unitCode="KGM">10</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">947.50</cbc:LineExtensionAmount>
    <cac:InvoicePeriod>
      <cbc:StartDate>2024-02-05</cbc:StartDate>
      <cbc:EndDate>2024-02-25</cbc:EndDate>
    </cac:InvoicePeriod>
    <cac:AllowanceCharge>
      <cbc:ChargeIndicator>false</cbc:ChargeIndicator>
      <cbc:AllowanceChargeReason>Loyalty</cbc:AllowanceChargeReason>
      <cbc:Amount currencyID="EUR">10.00</cbc:Amount>
    </cac:AllowanceCharge>
    <cac:AllowanceCharge>
      <cbc:ChargeIndicator>true</cbc:ChargeIndicator>
      <cbc:AllowanceChargeReason>Packing</cbc:AllowanceChargeReason>
      <cbc:Amount currencyID="EUR">7.50</cbc:Amount>
    </cac:AllowanceCharge>
    <cac:Item>
      <cbc:Name>Espresso beans</cbc:Name>
      <cac:StandardItemIdentification>
        <cbc:ID schemeID="0160">04012345678901</cbc:ID>
      </cac:StandardItemIdentification>
      <cac:CommodityClassification>
        <cbc:ItemClassificationCode listID="HS">090121</cbc:ItemClassificationCode>
      </cac:CommodityClassification>
      <cac:ClassifiedTaxCategory>
        <cbc:ID>S</cbc:ID>
        <cbc:Percent>19</cbc:Percent>
        <cac:TaxScheme>
          <cbc:ID>VAT</cbc:ID>
        </cac:TaxScheme>
      </cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price>
      <cbc:PriceAmount currencyID="EUR">95.00</cbc:PriceAmount>
      <cbc:BaseQuantity unitCode="KGM">1</cbc:BaseQuantity>
      <cac:AllowanceCharge>
        <cbc:ChargeIndicator>false</cbc:ChargeIndicator>
        <cbc:Amount currencyID="EUR">5.00</cbc:Amount>
        <cbc:BaseAmount currencyID="EUR">100.00</cbc:BaseAmount>
      </cac:AllowanceCharge>
    </cac:Price>
  </cac:InvoiceLine>
</Invoice>
)xml");

const QByteArray CiiInvoice = QByteArray(R"xml(<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
    xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
    xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"
    xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:BusinessProcessSpecifiedDocumentContextParameter>
      <ram:ID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</ram:ID>
    </ram:BusinessProcessSpecifiedDocumentContextParameter>
    <ram:GuidelineSpecifiedDocumentContextParameter>
      <ram:ID>urn:cen.eu:en16931:2017</ram:ID>
    </ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>INV-2024-0042</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime>
      <udt:DateTimeString format="102">20240315</udt:DateTimeString>
    </ram:IssueDateTime>
    <ram:IncludedNote>
      <ram:Content>Thank you for your order</ram:Content>
      <ram:SubjectCode>AAI</ram:SubjectCode>
    </ram:IncludedNote>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument>
        <ram:LineID>L-7</ram:LineID>
      </ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:GlobalID schemeID="0160">04012345678901</ram:GlobalID>
        <ram:Name>Espresso beans</ram:Name>
        <ram:DesignatedProductClassification>
          <ram:ClassCode listID="HS">090121</ram:ClassCode>
        </ram:DesignatedProductClassification>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:GrossPriceProductTradePrice>
          <ram:ChargeAmount>100.00</ram:ChargeAmount>
          <ram:AppliedTradeAllowanceCharge>
            <ram:ChargeIndicator>
              <udt:Indicator>false</udt:Indicator>
            </ram:ChargeIndicator>
            <ram:ActualAmount>5.00</ram:ActualAmount>
          </ram:AppliedTradeAllowanceCharge>
        </ram:GrossPriceProductTradePrice>
        <ram:NetPriceProductTradePrice>
          <ram:ChargeAmount>95.00</ram:ChargeAmount>
          <ram:BasisQuantity unitCode="KGM">1</ram:BasisQuantity>
        </ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery>
        <ram:BilledQuantity unitCode="KGM">10</ram:BilledQuantity>
      </ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>19</ram:RateApplicablePercent>
        </ram:ApplicableTradeTax>
        <ram:BillingSpecifiedPeriod>
          <ram:StartDateTime>
            <udt:DateTimeString format="102">20240205</udt:DateTimeString>
          </ram:StartDateTime>
          <ram:EndDateTime>
            <udt:DateTimeString format="102">20240225</udt:DateTimeString>
          </ram:EndDateTime>
        </ram:BillingSpecifiedPeriod>
        <ram:SpecifiedTradeAllowanceCharge>
          <ram:ChargeIndicator>
            <udt:Indicator>false</udt:Indicator>
          </ram:ChargeIndicator>
          <ram:ActualAmount>10.00</ram:ActualAmount>
          <ram:Reason>Loyalty</ram:Reason>
        </ram:SpecifiedTradeAllowanceCharge>
        <ram:SpecifiedTradeAllowanceCharge>
          <ram:ChargeIndicator>
            <udt:Indicator>true</udt:Indicator>
          </ram:ChargeIndicator>
          <ram:ActualAmount>7.50</ram:ActualAmount>
          <ram:Reason>Packing</ram:Reason>
        </ram:SpecifiedTradeAllowanceCharge>
        <ram:SpecifiedTradeSettlementLineMonetarySummation>
          <ram:LineTotalAmount>947.50</ram:LineTotalAmount>
        </ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:BuyerReference>BR-LEITWEG-991</ram:BuyerReference>
      <ram:SellerTradeParty>
        <ram:GlobalID schemeID="0088">5790000435968</ram:GlobalID>
        <ram:Name>Nordlicht Trading GmbH</ram:Name>
        <ram:SpecifiedLegalOrganization>
          <ram:ID>HRB 98765</ram:ID>
        </ram:SpecifiedLegalOrganization>
        <ram:DefinedTradeContact>
          <ram:PersonName>Anna Sommer</ram:PersonName>
          <ram:TelephoneUniversalCommunication>
            <ram:CompleteNumber>+49 40 555 0101</ram:CompleteNumber>
          </ram:TelephoneUniversalCommunication>
          <ram:EmailURIUniversalCommunication>
            <ram:URIID>anna.sommer@nordlicht.example</ram:URIID>
          </ram:EmailURIUniversalCommunication>
        </ram:DefinedTradeContact>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>20457</ram:PostcodeCode>
          <ram:CityName>Hamburg</ram:CityName>
          <ram:CountryID>DE</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:URIUniversalCommunication>
          <ram:URIID schemeID="0088">7300010000001</ram:URIID>
        </ram:URIUniversalCommunication>
        <ram:SpecifiedTaxRegistration>
          <ram:ID schemeID="VA">DE123456789</ram:ID>
        </ram:SpecifiedTaxRegistration>
        <ram:SpecifiedTaxRegistration>
          <ram:ID schemeID="FC">22/815/08154</ram:ID>
        </ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>Alpenblick Hotels AG</ram:Name>
        <ram:SpecifiedLegalOrganization>
          <ram:ID>FN 123456a</ram:ID>
        </ram:SpecifiedLegalOrganization>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>1010</ram:PostcodeCode>
          <ram:CityName>Wien</ram:CityName>
          <ram:CountryID>AT</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:URIUniversalCommunication>
          <ram:URIID schemeID="0204">991-33333-44</ram:URIID>
        </ram:URIUniversalCommunication>
        <ram:SpecifiedTaxRegistration>
          <ram:ID schemeID="VA">ATU12345678</ram:ID>
        </ram:SpecifiedTaxRegistration>
      </ram:BuyerTradeParty>
      <ram:SellerTaxRepresentativeTradeParty>
        <ram:Name>Fiscal Rep BV</ram:Name>
        <ram:PostalTradeAddress>
          <ram:CountryID>NL</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration>
          <ram:ID schemeID="VA">NL999999999B01</ram:ID>
        </ram:SpecifiedTaxRegistration>
      </ram:SellerTaxRepresentativeTradeParty>
      <ram:SellerOrderReferencedDocument>
        <ram:IssuerAssignedID>SO-8812</ram:IssuerAssignedID>
      </ram:SellerOrderReferencedDocument>
      <ram:BuyerOrderReferencedDocument>
        <ram:IssuerAssignedID>PO-5531</ram:IssuerAssignedID>
      </ram:BuyerOrderReferencedDocument>
      <ram:ContractReferencedDocument>
        <ram:IssuerAssignedID>CON-2023-17</ram:IssuerAssignedID>
      </ram:ContractReferencedDocument>
      <ram:AdditionalReferencedDocument>
        <ram:IssuerAssignedID>TIMESHEET-7</ram:IssuerAssignedID>
        <ram:TypeCode>916</ram:TypeCode>
        <ram:AttachmentBinaryObject mimeCode="application/pdf" filename="timesheet.pdf">aGVsbG8=</ram:AttachmentBinaryObject>
      </ram:AdditionalReferencedDocument>
      <ram:AdditionalReferencedDocument>
        <ram:IssuerAssignedID>METER-4711</ram:IssuerAssignedID>
        <ram:TypeCode>130</ram:TypeCode>
        <ram:ReferenceTypeCode>AAB</ram:ReferenceTypeCode>
      </ram:AdditionalReferencedDocument>
      <ram:SpecifiedProcuringProject>
        <ram:ID>PRJ-ALPHA</ram:ID>
        <ram:Name>Project</ram:Name>
      </ram:SpecifiedProcuringProject>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery>
      <ram:ShipToTradeParty>
        <ram:PostalTradeAddress>
          <ram:CountryID>IT</ram:CountryID>
        </ram:PostalTradeAddress>
      </ram:ShipToTradeParty>
      <ram:ActualDeliverySupplyChainEvent>
        <ram:OccurrenceDateTime>
          <udt:DateTimeString format="102">20240228</udt:DateTimeString>
        </ram:OccurrenceDateTime>
      </ram:ActualDeliverySupplyChainEvent>
    </ram:ApplicableHeaderTradeDelivery>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:CreditorReferenceID>DE98ZZZ09999999999</ram:CreditorReferenceID>
      <ram:PaymentReference>RF18539007547034</ram:PaymentReference>
      <ram:TaxCurrencyCode>SEK</ram:TaxCurrencyCode>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:PayeeTradeParty>
        <ram:Name>Nordlicht Factoring KG</ram:Name>
      </ram:PayeeTradeParty>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:ApplicableTradeSettlementFinancialCard>
          <ram:ID>XXXXXXXXXXXX1234</ram:ID>
        </ram:ApplicableTradeSettlementFinancialCard>
        <ram:PayerPartyDebtorFinancialAccount>
          <ram:IBANID>AT611904300234573201</ram:IBANID>
        </ram:PayerPartyDebtorFinancialAccount>
        <ram:PayeePartyCreditorFinancialAccount>
          <ram:IBANID>DE89370400440532013000</ram:IBANID>
          <ram:AccountName>Nordlicht Trading Konto</ram:AccountName>
        </ram:PayeePartyCreditorFinancialAccount>
        <ram:PayeeSpecifiedCreditorFinancialInstitution>
          <ram:BICID>COBADEFFXXX</ram:BICID>
        </ram:PayeeSpecifiedCreditorFinancialInstitution>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>175.28</ram:CalculatedAmount>
        <ram:TypeCode>VAT</ram:TypeCode>
        <ram:ExemptionReason>Exempt based on article 79, point c</ram:ExemptionReason>
        <ram:BasisAmount>922.50</ram:BasisAmount>
        <ram:CategoryCode>S</ram:CategoryCode>
        <ram:ExemptionReasonCode>VATEX-EU-79-C</ram:ExemptionReasonCode>
        <ram:TaxPointDate>
          <udt:DateString format="102">20240310</udt:DateString>
        </ram:TaxPointDate>
        <ram:DueDateTypeCode>29</ram:DueDateTypeCode>
        <ram:RateApplicablePercent>19</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:BillingSpecifiedPeriod>
        <ram:StartDateTime>
          <udt:DateTimeString format="102">20240201</udt:DateTimeString>
        </ram:StartDateTime>
        <ram:EndDateTime>
          <udt:DateTimeString format="102">20240229</udt:DateTimeString>
        </ram:EndDateTime>
      </ram:BillingSpecifiedPeriod>
      <ram:SpecifiedTradeAllowanceCharge>
        <ram:ChargeIndicator>
          <udt:Indicator>false</udt:Indicator>
        </ram:ChargeIndicator>
        <ram:ActualAmount>50.00</ram:ActualAmount>
        <ram:ReasonCode>95</ram:ReasonCode>
        <ram:Reason>Volume discount</ram:Reason>
        <ram:CategoryTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>19</ram:RateApplicablePercent>
        </ram:CategoryTradeTax>
      </ram:SpecifiedTradeAllowanceCharge>
      <ram:SpecifiedTradeAllowanceCharge>
        <ram:ChargeIndicator>
          <udt:Indicator>true</udt:Indicator>
        </ram:ChargeIndicator>
        <ram:ActualAmount>25.00</ram:ActualAmount>
        <ram:ReasonCode>FC</ram:ReasonCode>
        <ram:Reason>Freight</ram:Reason>
        <ram:CategoryTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>19</ram:RateApplicablePercent>
        </ram:CategoryTradeTax>
      </ram:SpecifiedTradeAllowanceCharge>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>Net 30 days, 2% discount within 10 days</ram:Description>
        <ram:DueDateDateTime>
          <udt:DateTimeString format="102">20240414</udt:DateTimeString>
        </ram:DueDateDateTime>
        <ram:DirectDebitMandateID>MANDATE-0815</ram:DirectDebitMandateID>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>947.50</ram:LineTotalAmount>
        <ram:ChargeTotalAmount>25.00</ram:ChargeTotalAmount>
        <ram:AllowanceTotalAmount>50.00</ram:AllowanceTotalAmount>
        <ram:TaxBasisTotalAmount>922.50</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">175.28</ram:TaxTotalAmount>
        <ram:TaxTotalAmount currencyID="SEK">1993.70</ram:TaxTotalAmount>
        <ram:RoundingAmount>0.22</ram:RoundingAmount>
        <ram:GrandTotalAmount>1097.78</ram:GrandTotalAmount>
        <ram:TotalPrepaidAmount>100.00</ram:TotalPrepaidAmount>
        <ram:DuePayableAmount>998.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
      <ram:InvoiceReferencedDocument>
        <ram:IssuerAssignedID>INV-2023-0999</ram:IssuerAssignedID>
        <ram:FormattedIssueDateTime>
          <qdt:DateTimeString format="102">20231220</qdt:DateTimeString>
        </ram:FormattedIssueDateTime>
      </ram:InvoiceReferencedDocument>
      <ram:ReceivableSpecifiedTradeAccountingAccount>
        <ram:ID>ACC-7788</ram:ID>
      </ram:ReceivableSpecifiedTradeAccountingAccount>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
)xml");

// The terms whose UBL binding differs in a CreditNote (BT-3, BT-9, BT-11, BT-129 on CreditNoteLine).
const QByteArray UblCreditNote = QByteArray(R"xml(<?xml version="1.0" encoding="UTF-8"?>
<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
    xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
    xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ID>CN-2024-0007</cbc:ID>
  <cbc:IssueDate>2024-03-20</cbc:IssueDate>
  <cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AdditionalDocumentReference>
    <cbc:ID>PRJ-BETA</cbc:ID>
    <cbc:DocumentTypeCode>50</cbc:DocumentTypeCode>
  </cac:AdditionalDocumentReference>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>
    <cbc:PaymentDueDate>2024-04-19</cbc:PaymentDueDate>
  </cac:PaymentMeans>
  <cac:CreditNoteLine>
    <cbc:ID>CL-1</cbc:ID>
    <cbc:CreditedQuantity unitCode="H87">3</cbc:CreditedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">30.00</cbc:LineExtensionAmount>
  </cac:CreditNoteLine>
</CreditNote>
)xml");

// Binding-path prefixes (U = UBL /Invoice, US = its supplier party ...).
const QString U = u"/Invoice"_s;
const QString US = U + u"/cac:AccountingSupplierParty/cac:Party"_s;
const QString UB = U + u"/cac:AccountingCustomerParty/cac:Party"_s;
const QString UPM = U + u"/cac:PaymentMeans"_s;
const QString ULMT = U + u"/cac:LegalMonetaryTotal"_s;
const QString UTS = U + u"/cac:TaxTotal[1]/cac:TaxSubtotal"_s;
const QString UL = U + u"/cac:InvoiceLine"_s;

const QString C = u"/rsm:CrossIndustryInvoice"_s;
const QString ED = C + u"/rsm:ExchangedDocument"_s;
const QString CTX = C + u"/rsm:ExchangedDocumentContext"_s;
const QString T = C + u"/rsm:SupplyChainTradeTransaction"_s;
const QString AGR = T + u"/ram:ApplicableHeaderTradeAgreement"_s;
const QString DEL = T + u"/ram:ApplicableHeaderTradeDelivery"_s;
const QString SET = T + u"/ram:ApplicableHeaderTradeSettlement"_s;
const QString SUM = SET + u"/ram:SpecifiedTradeSettlementHeaderMonetarySummation"_s;
const QString CS = AGR + u"/ram:SellerTradeParty"_s;
const QString CB = AGR + u"/ram:BuyerTradeParty"_s;
const QString CPM = SET + u"/ram:SpecifiedTradeSettlementPaymentMeans"_s;
const QString TX = SET + u"/ram:ApplicableTradeTax"_s;
const QString LINE = T + u"/ram:IncludedSupplyChainTradeLineItem"_s;
const QString LAGR = LINE + u"/ram:SpecifiedLineTradeAgreement"_s;
const QString LSET = LINE + u"/ram:SpecifiedLineTradeSettlement"_s;

using Getter = std::function<Term(const InvoiceModel &)>;

// The attribute a syntax attaches to a term (scheme, currency, unit, list, MIME code), read at the path
// of the term's element.
Term qualifierOf(const Term &t)
{
    Term q = t;
    q.value = t.qualifier;
    return q;
}

// A count as a term without a path, for rows that assert how many terms a group holds.
Term countOf(qsizetype n)
{
    Term t;
    t.value = QString::number(n);
    return t;
}

struct Expected
{
    QString value;
    QString path;
};

struct Row
{
    const char *bt;
    Getter get;
    Expected ubl;
    Expected cii;
};

QList<Row> rows()
{
    return {
        { "BT-1", [](const InvoiceModel &m) { return m.invoiceNumber; },
            { u"INV-2024-0042"_s, U + u"/cbc:ID"_s }, { u"INV-2024-0042"_s, ED + u"/ram:ID"_s } },
        { "BT-2", [](const InvoiceModel &m) { return m.issueDate; },
            { u"2024-03-15"_s, U + u"/cbc:IssueDate"_s },
            { u"20240315"_s, ED + u"/ram:IssueDateTime/udt:DateTimeString"_s } },
        { "BT-3", [](const InvoiceModel &m) { return m.typeCode; },
            { u"380"_s, U + u"/cbc:InvoiceTypeCode"_s }, { u"380"_s, ED + u"/ram:TypeCode"_s } },
        { "BT-5", [](const InvoiceModel &m) { return m.currency; },
            { u"EUR"_s, U + u"/cbc:DocumentCurrencyCode"_s },
            { u"EUR"_s, SET + u"/ram:InvoiceCurrencyCode"_s } },
        { "BT-6", [](const InvoiceModel &m) { return m.vatAccountingCurrency; },
            { u"SEK"_s, U + u"/cbc:TaxCurrencyCode"_s }, { u"SEK"_s, SET + u"/ram:TaxCurrencyCode"_s } },
        { "BT-7", [](const InvoiceModel &m) { return m.vatPointDate; },
            { u"2024-03-10"_s, U + u"/cbc:TaxPointDate"_s },
            { u"20240310"_s, TX + u"/ram:TaxPointDate/udt:DateString"_s } },
        { "BT-8", [](const InvoiceModel &m) { return m.vatPointDateCode; },
            { u"35"_s, U + u"/cac:InvoicePeriod/cbc:DescriptionCode"_s },
            { u"29"_s, TX + u"/ram:DueDateTypeCode"_s } },
        { "BT-9", [](const InvoiceModel &m) { return m.dueDate; }, { u"2024-04-14"_s, U + u"/cbc:DueDate"_s },
            { u"20240414"_s,
                SET + u"/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString"_s } },
        { "BT-10", [](const InvoiceModel &m) { return m.buyerReference; },
            { u"BR-LEITWEG-991"_s, U + u"/cbc:BuyerReference"_s },
            { u"BR-LEITWEG-991"_s, AGR + u"/ram:BuyerReference"_s } },
        { "BT-11", [](const InvoiceModel &m) { return m.projectReference; },
            { u"PRJ-ALPHA"_s, U + u"/cac:ProjectReference/cbc:ID"_s },
            { u"PRJ-ALPHA"_s, AGR + u"/ram:SpecifiedProcuringProject/ram:ID"_s } },
        { "BT-12", [](const InvoiceModel &m) { return m.contractReference; },
            { u"CON-2023-17"_s, U + u"/cac:ContractDocumentReference/cbc:ID"_s },
            { u"CON-2023-17"_s, AGR + u"/ram:ContractReferencedDocument/ram:IssuerAssignedID"_s } },
        { "BT-13", [](const InvoiceModel &m) { return m.purchaseOrderReference; },
            { u"PO-5531"_s, U + u"/cac:OrderReference/cbc:ID"_s },
            { u"PO-5531"_s, AGR + u"/ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID"_s } },
        { "BT-14", [](const InvoiceModel &m) { return m.salesOrderReference; },
            { u"SO-8812"_s, U + u"/cac:OrderReference/cbc:SalesOrderID"_s },
            { u"SO-8812"_s, AGR + u"/ram:SellerOrderReferencedDocument/ram:IssuerAssignedID"_s } },
        { "BT-19", [](const InvoiceModel &m) { return m.buyerAccountingReference; },
            { u"ACC-7788"_s, U + u"/cbc:AccountingCost"_s },
            { u"ACC-7788"_s, SET + u"/ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID"_s } },
        { "BT-20", [](const InvoiceModel &m) { return m.paymentTerms; },
            { u"Net 30 days, 2% discount within 10 days"_s, U + u"/cac:PaymentTerms/cbc:Note"_s },
            { u"Net 30 days, 2% discount within 10 days"_s,
                SET + u"/ram:SpecifiedTradePaymentTerms/ram:Description"_s } },
        { "BG-1 count", [](const InvoiceModel &m) { return countOf(m.notes.size()); }, { u"1"_s, {} },
            { u"1"_s, {} } },
        { "BT-21", [](const InvoiceModel &m) { return m.notes.value(0).subjectCode; },
            { u"AAI"_s, U + u"/cbc:Note"_s }, { u"AAI"_s, ED + u"/ram:IncludedNote/ram:SubjectCode"_s } },
        { "BT-22", [](const InvoiceModel &m) { return m.notes.value(0).text; },
            { u"Thank you for your order"_s, U + u"/cbc:Note"_s },
            { u"Thank you for your order"_s, ED + u"/ram:IncludedNote/ram:Content"_s } },
        { "BT-23", [](const InvoiceModel &m) { return m.businessProcess; },
            { u"urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"_s, U + u"/cbc:ProfileID"_s },
            { u"urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"_s,
                CTX + u"/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID"_s } },
        { "BT-24", [](const InvoiceModel &m) { return m.specificationId; },
            { u"urn:cen.eu:en16931:2017"_s, U + u"/cbc:CustomizationID"_s },
            { u"urn:cen.eu:en16931:2017"_s,
                CTX + u"/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID"_s } },
        { "BT-25", [](const InvoiceModel &m) { return m.precedingInvoices.value(0).reference; },
            { u"INV-2023-0999"_s, U + u"/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID"_s },
            { u"INV-2023-0999"_s, SET + u"/ram:InvoiceReferencedDocument/ram:IssuerAssignedID"_s } },
        { "BT-26", [](const InvoiceModel &m) { return m.precedingInvoices.value(0).issueDate; },
            { u"2023-12-20"_s, U + u"/cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate"_s },
            { u"20231220"_s,
                SET + u"/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString"_s } },
        { "BT-27", [](const InvoiceModel &m) { return m.seller.name; },
            { u"Nordlicht Trading GmbH"_s, US + u"/cac:PartyLegalEntity/cbc:RegistrationName"_s },
            { u"Nordlicht Trading GmbH"_s, CS + u"/ram:Name"_s } },
        { "BT-29", [](const InvoiceModel &m) { return m.seller.identifiers.value(0); },
            { u"5790000435968"_s, US + u"/cac:PartyIdentification[1]/cbc:ID"_s },
            { u"5790000435968"_s, CS + u"/ram:GlobalID"_s } },
        { "BT-29 scheme", [](const InvoiceModel &m) { return qualifierOf(m.seller.identifiers.value(0)); },
            { u"0088"_s, US + u"/cac:PartyIdentification[1]/cbc:ID"_s },
            { u"0088"_s, CS + u"/ram:GlobalID"_s } },
        // UBL has no element of its own for BT-90: the SEPA creditor id is a seller PartyIdentification as
        // well, and the artefact's seller rules (BR-CO-26, BR-CL-10) count it, so the model keeps it there
        // too.
        { "BT-29 count", [](const InvoiceModel &m) { return countOf(m.seller.identifiers.size()); },
            { u"2"_s, {} }, { u"1"_s, {} } },
        { "BT-30", [](const InvoiceModel &m) { return m.seller.legalRegistrationId; },
            { u"HRB 98765"_s, US + u"/cac:PartyLegalEntity/cbc:CompanyID"_s },
            { u"HRB 98765"_s, CS + u"/ram:SpecifiedLegalOrganization/ram:ID"_s } },
        { "BT-31", [](const InvoiceModel &m) { return m.seller.vatId; },
            { u"DE123456789"_s, US + u"/cac:PartyTaxScheme[1]/cbc:CompanyID"_s },
            { u"DE123456789"_s, CS + u"/ram:SpecifiedTaxRegistration[1]/ram:ID"_s } },
        { "BT-32", [](const InvoiceModel &m) { return m.seller.taxRegistrationId; },
            { u"22/815/08154"_s, US + u"/cac:PartyTaxScheme[2]/cbc:CompanyID"_s },
            { u"22/815/08154"_s, CS + u"/ram:SpecifiedTaxRegistration[2]/ram:ID"_s } },
        { "BT-34", [](const InvoiceModel &m) { return m.seller.electronicAddress; },
            { u"7300010000001"_s, US + u"/cbc:EndpointID"_s },
            { u"7300010000001"_s, CS + u"/ram:URIUniversalCommunication/ram:URIID"_s } },
        { "BT-34 scheme", [](const InvoiceModel &m) { return qualifierOf(m.seller.electronicAddress); },
            { u"0088"_s, US + u"/cbc:EndpointID"_s },
            { u"0088"_s, CS + u"/ram:URIUniversalCommunication/ram:URIID"_s } },
        { "BT-37", [](const InvoiceModel &m) { return m.seller.address.city; },
            { u"Hamburg"_s, US + u"/cac:PostalAddress/cbc:CityName"_s },
            { u"Hamburg"_s, CS + u"/ram:PostalTradeAddress/ram:CityName"_s } },
        { "BT-38", [](const InvoiceModel &m) { return m.seller.address.postCode; },
            { u"20457"_s, US + u"/cac:PostalAddress/cbc:PostalZone"_s },
            { u"20457"_s, CS + u"/ram:PostalTradeAddress/ram:PostcodeCode"_s } },
        { "BT-40", [](const InvoiceModel &m) { return m.seller.address.countryCode; },
            { u"DE"_s, US + u"/cac:PostalAddress/cac:Country/cbc:IdentificationCode"_s },
            { u"DE"_s, CS + u"/ram:PostalTradeAddress/ram:CountryID"_s } },
        { "BT-41", [](const InvoiceModel &m) { return m.seller.contact.name; },
            { u"Anna Sommer"_s, US + u"/cac:Contact/cbc:Name"_s },
            { u"Anna Sommer"_s, CS + u"/ram:DefinedTradeContact/ram:PersonName"_s } },
        { "BT-42", [](const InvoiceModel &m) { return m.seller.contact.telephone; },
            { u"+49 40 555 0101"_s, US + u"/cac:Contact/cbc:Telephone"_s },
            { u"+49 40 555 0101"_s,
                CS + u"/ram:DefinedTradeContact/ram:TelephoneUniversalCommunication/ram:CompleteNumber"_s } },
        { "BT-43", [](const InvoiceModel &m) { return m.seller.contact.email; },
            { u"anna.sommer@nordlicht.example"_s, US + u"/cac:Contact/cbc:ElectronicMail"_s },
            { u"anna.sommer@nordlicht.example"_s,
                CS + u"/ram:DefinedTradeContact/ram:EmailURIUniversalCommunication/ram:URIID"_s } },
        { "BT-44", [](const InvoiceModel &m) { return m.buyer.name; },
            { u"Alpenblick Hotels AG"_s, UB + u"/cac:PartyLegalEntity/cbc:RegistrationName"_s },
            { u"Alpenblick Hotels AG"_s, CB + u"/ram:Name"_s } },
        { "BT-47", [](const InvoiceModel &m) { return m.buyer.legalRegistrationId; },
            { u"FN 123456a"_s, UB + u"/cac:PartyLegalEntity/cbc:CompanyID"_s },
            { u"FN 123456a"_s, CB + u"/ram:SpecifiedLegalOrganization/ram:ID"_s } },
        { "BT-48", [](const InvoiceModel &m) { return m.buyer.vatId; },
            { u"ATU12345678"_s, UB + u"/cac:PartyTaxScheme/cbc:CompanyID"_s },
            { u"ATU12345678"_s, CB + u"/ram:SpecifiedTaxRegistration/ram:ID"_s } },
        { "BT-49", [](const InvoiceModel &m) { return m.buyer.electronicAddress; },
            { u"991-33333-44"_s, UB + u"/cbc:EndpointID"_s },
            { u"991-33333-44"_s, CB + u"/ram:URIUniversalCommunication/ram:URIID"_s } },
        { "BT-49 scheme", [](const InvoiceModel &m) { return qualifierOf(m.buyer.electronicAddress); },
            { u"0204"_s, UB + u"/cbc:EndpointID"_s },
            { u"0204"_s, CB + u"/ram:URIUniversalCommunication/ram:URIID"_s } },
        { "BT-55", [](const InvoiceModel &m) { return m.buyer.address.countryCode; },
            { u"AT"_s, UB + u"/cac:PostalAddress/cac:Country/cbc:IdentificationCode"_s },
            { u"AT"_s, CB + u"/ram:PostalTradeAddress/ram:CountryID"_s } },
        { "BT-59", [](const InvoiceModel &m) { return m.payeeName; },
            { u"Nordlicht Factoring KG"_s, U + u"/cac:PayeeParty/cac:PartyName/cbc:Name"_s },
            { u"Nordlicht Factoring KG"_s, SET + u"/ram:PayeeTradeParty/ram:Name"_s } },
        { "BT-63", [](const InvoiceModel &m) { return m.taxRepresentativeVatId; },
            { u"NL999999999B01"_s, U + u"/cac:TaxRepresentativeParty/cac:PartyTaxScheme/cbc:CompanyID"_s },
            { u"NL999999999B01"_s,
                AGR + u"/ram:SellerTaxRepresentativeTradeParty/ram:SpecifiedTaxRegistration/ram:ID"_s } },
        { "BT-72", [](const InvoiceModel &m) { return m.actualDeliveryDate; },
            { u"2024-02-28"_s, U + u"/cac:Delivery/cbc:ActualDeliveryDate"_s },
            { u"20240228"_s,
                DEL + u"/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString"_s } },
        { "BT-73", [](const InvoiceModel &m) { return m.invoicingPeriodStart; },
            { u"2024-02-01"_s, U + u"/cac:InvoicePeriod/cbc:StartDate"_s },
            { u"20240201"_s, SET + u"/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString"_s } },
        { "BT-74", [](const InvoiceModel &m) { return m.invoicingPeriodEnd; },
            { u"2024-02-29"_s, U + u"/cac:InvoicePeriod/cbc:EndDate"_s },
            { u"20240229"_s, SET + u"/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString"_s } },
        { "BT-80", [](const InvoiceModel &m) { return m.deliverTo.countryCode; },
            { u"IT"_s,
                U + u"/cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode"_s },
            { u"IT"_s, DEL + u"/ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID"_s } },
        { "BG-16 count", [](const InvoiceModel &m) { return countOf(m.paymentMeans.size()); }, { u"1"_s, {} },
            { u"1"_s, {} } },
        { "BT-81", [](const InvoiceModel &m) { return m.paymentMeans.value(0).typeCode; },
            { u"58"_s, UPM + u"/cbc:PaymentMeansCode"_s }, { u"58"_s, CPM + u"/ram:TypeCode"_s } },
        { "BT-83", [](const InvoiceModel &m) { return m.paymentMeans.value(0).remittanceInformation; },
            { u"RF18539007547034"_s, UPM + u"/cbc:PaymentID"_s },
            { u"RF18539007547034"_s, SET + u"/ram:PaymentReference"_s } },
        { "BT-84", [](const InvoiceModel &m) { return m.paymentMeans.value(0).accountId; },
            { u"DE89370400440532013000"_s, UPM + u"/cac:PayeeFinancialAccount/cbc:ID"_s },
            { u"DE89370400440532013000"_s, CPM + u"/ram:PayeePartyCreditorFinancialAccount/ram:IBANID"_s } },
        { "BT-85", [](const InvoiceModel &m) { return m.paymentMeans.value(0).accountName; },
            { u"Nordlicht Trading Konto"_s, UPM + u"/cac:PayeeFinancialAccount/cbc:Name"_s },
            { u"Nordlicht Trading Konto"_s,
                CPM + u"/ram:PayeePartyCreditorFinancialAccount/ram:AccountName"_s } },
        { "BT-86", [](const InvoiceModel &m) { return m.paymentMeans.value(0).serviceProvider; },
            { u"COBADEFFXXX"_s, UPM + u"/cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID"_s },
            { u"COBADEFFXXX"_s, CPM + u"/ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID"_s } },
        { "BT-87", [](const InvoiceModel &m) { return m.paymentMeans.value(0).cardPan; },
            { u"XXXXXXXXXXXX1234"_s, UPM + u"/cac:CardAccount/cbc:PrimaryAccountNumberID"_s },
            { u"XXXXXXXXXXXX1234"_s, CPM + u"/ram:ApplicableTradeSettlementFinancialCard/ram:ID"_s } },
        { "BT-89", [](const InvoiceModel &m) { return m.paymentMeans.value(0).mandateReference; },
            { u"MANDATE-0815"_s, UPM + u"/cac:PaymentMandate/cbc:ID"_s },
            { u"MANDATE-0815"_s, SET + u"/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID"_s } },
        { "BT-90", [](const InvoiceModel &m) { return m.creditorReference; },
            { u"DE98ZZZ09999999999"_s, US + u"/cac:PartyIdentification[2]/cbc:ID"_s },
            { u"DE98ZZZ09999999999"_s, SET + u"/ram:CreditorReferenceID"_s } },
        { "BT-91", [](const InvoiceModel &m) { return m.paymentMeans.value(0).debitedAccount; },
            { u"AT611904300234573201"_s, UPM + u"/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID"_s },
            { u"AT611904300234573201"_s, CPM + u"/ram:PayerPartyDebtorFinancialAccount/ram:IBANID"_s } },
        { "BG-20 count", [](const InvoiceModel &m) { return countOf(m.allowances.size()); }, { u"1"_s, {} },
            { u"1"_s, {} } },
        { "BT-92", [](const InvoiceModel &m) { return m.allowances.value(0).amount; },
            { u"50.00"_s, U + u"/cac:AllowanceCharge[1]/cbc:Amount"_s },
            { u"50.00"_s, SET + u"/ram:SpecifiedTradeAllowanceCharge[1]/ram:ActualAmount"_s } },
        { "BT-95", [](const InvoiceModel &m) { return m.allowances.value(0).vatCategory; },
            { u"S"_s, U + u"/cac:AllowanceCharge[1]/cac:TaxCategory/cbc:ID"_s },
            { u"S"_s,
                SET + u"/ram:SpecifiedTradeAllowanceCharge[1]/ram:CategoryTradeTax/ram:CategoryCode"_s } },
        { "BT-96", [](const InvoiceModel &m) { return m.allowances.value(0).vatRate; },
            { u"19"_s, U + u"/cac:AllowanceCharge[1]/cac:TaxCategory/cbc:Percent"_s },
            { u"19"_s,
                SET + u"/ram:SpecifiedTradeAllowanceCharge[1]/ram:CategoryTradeTax/ram:RateApplicablePercent"_s } },
        { "BT-97", [](const InvoiceModel &m) { return m.allowances.value(0).reason; },
            { u"Volume discount"_s, U + u"/cac:AllowanceCharge[1]/cbc:AllowanceChargeReason"_s },
            { u"Volume discount"_s, SET + u"/ram:SpecifiedTradeAllowanceCharge[1]/ram:Reason"_s } },
        { "BT-98", [](const InvoiceModel &m) { return m.allowances.value(0).reasonCode; },
            { u"95"_s, U + u"/cac:AllowanceCharge[1]/cbc:AllowanceChargeReasonCode"_s },
            { u"95"_s, SET + u"/ram:SpecifiedTradeAllowanceCharge[1]/ram:ReasonCode"_s } },
        { "BG-21 count", [](const InvoiceModel &m) { return countOf(m.charges.size()); }, { u"1"_s, {} },
            { u"1"_s, {} } },
        { "BT-99", [](const InvoiceModel &m) { return m.charges.value(0).amount; },
            { u"25.00"_s, U + u"/cac:AllowanceCharge[2]/cbc:Amount"_s },
            { u"25.00"_s, SET + u"/ram:SpecifiedTradeAllowanceCharge[2]/ram:ActualAmount"_s } },
        { "BT-106", [](const InvoiceModel &m) { return m.totals.lineTotal; },
            { u"947.50"_s, ULMT + u"/cbc:LineExtensionAmount"_s },
            { u"947.50"_s, SUM + u"/ram:LineTotalAmount"_s } },
        { "BT-107", [](const InvoiceModel &m) { return m.totals.allowanceTotal; },
            { u"50.00"_s, ULMT + u"/cbc:AllowanceTotalAmount"_s },
            { u"50.00"_s, SUM + u"/ram:AllowanceTotalAmount"_s } },
        { "BT-108", [](const InvoiceModel &m) { return m.totals.chargeTotal; },
            { u"25.00"_s, ULMT + u"/cbc:ChargeTotalAmount"_s },
            { u"25.00"_s, SUM + u"/ram:ChargeTotalAmount"_s } },
        { "BT-109", [](const InvoiceModel &m) { return m.totals.taxExclusive; },
            { u"922.50"_s, ULMT + u"/cbc:TaxExclusiveAmount"_s },
            { u"922.50"_s, SUM + u"/ram:TaxBasisTotalAmount"_s } },
        { "BT-110", [](const InvoiceModel &m) { return m.totals.taxTotal; },
            { u"175.28"_s, U + u"/cac:TaxTotal[1]/cbc:TaxAmount"_s },
            { u"175.28"_s, SUM + u"/ram:TaxTotalAmount[1]"_s } },
        { "BT-110 currency", [](const InvoiceModel &m) { return qualifierOf(m.totals.taxTotal); },
            { u"EUR"_s, U + u"/cac:TaxTotal[1]/cbc:TaxAmount"_s },
            { u"EUR"_s, SUM + u"/ram:TaxTotalAmount[1]"_s } },
        { "BT-111", [](const InvoiceModel &m) { return m.totals.taxTotalAccounting; },
            { u"1993.70"_s, U + u"/cac:TaxTotal[2]/cbc:TaxAmount"_s },
            { u"1993.70"_s, SUM + u"/ram:TaxTotalAmount[2]"_s } },
        { "BT-111 currency", [](const InvoiceModel &m) { return qualifierOf(m.totals.taxTotalAccounting); },
            { u"SEK"_s, U + u"/cac:TaxTotal[2]/cbc:TaxAmount"_s },
            { u"SEK"_s, SUM + u"/ram:TaxTotalAmount[2]"_s } },
        { "BT-112", [](const InvoiceModel &m) { return m.totals.taxInclusive; },
            { u"1097.78"_s, ULMT + u"/cbc:TaxInclusiveAmount"_s },
            { u"1097.78"_s, SUM + u"/ram:GrandTotalAmount"_s } },
        { "BT-113", [](const InvoiceModel &m) { return m.totals.prepaid; },
            { u"100.00"_s, ULMT + u"/cbc:PrepaidAmount"_s },
            { u"100.00"_s, SUM + u"/ram:TotalPrepaidAmount"_s } },
        { "BT-114", [](const InvoiceModel &m) { return m.totals.rounding; },
            { u"0.22"_s, ULMT + u"/cbc:PayableRoundingAmount"_s },
            { u"0.22"_s, SUM + u"/ram:RoundingAmount"_s } },
        { "BT-115", [](const InvoiceModel &m) { return m.totals.payable; },
            { u"998.00"_s, ULMT + u"/cbc:PayableAmount"_s },
            { u"998.00"_s, SUM + u"/ram:DuePayableAmount"_s } },
        { "BG-23 count", [](const InvoiceModel &m) { return countOf(m.vatBreakdowns.size()); },
            { u"1"_s, {} }, { u"1"_s, {} } },
        { "BT-116", [](const InvoiceModel &m) { return m.vatBreakdowns.value(0).taxableAmount; },
            { u"922.50"_s, UTS + u"/cbc:TaxableAmount"_s }, { u"922.50"_s, TX + u"/ram:BasisAmount"_s } },
        { "BT-117", [](const InvoiceModel &m) { return m.vatBreakdowns.value(0).taxAmount; },
            { u"175.28"_s, UTS + u"/cbc:TaxAmount"_s }, { u"175.28"_s, TX + u"/ram:CalculatedAmount"_s } },
        { "BT-118", [](const InvoiceModel &m) { return m.vatBreakdowns.value(0).category; },
            { u"S"_s, UTS + u"/cac:TaxCategory/cbc:ID"_s }, { u"S"_s, TX + u"/ram:CategoryCode"_s } },
        { "BT-119", [](const InvoiceModel &m) { return m.vatBreakdowns.value(0).rate; },
            { u"19"_s, UTS + u"/cac:TaxCategory/cbc:Percent"_s },
            { u"19"_s, TX + u"/ram:RateApplicablePercent"_s } },
        { "BT-120", [](const InvoiceModel &m) { return m.vatBreakdowns.value(0).exemptionReason; },
            { u"Exempt based on article 79, point c"_s, UTS + u"/cac:TaxCategory/cbc:TaxExemptionReason"_s },
            { u"Exempt based on article 79, point c"_s, TX + u"/ram:ExemptionReason"_s } },
        { "BT-121", [](const InvoiceModel &m) { return m.vatBreakdowns.value(0).exemptionReasonCode; },
            { u"VATEX-EU-79-C"_s, UTS + u"/cac:TaxCategory/cbc:TaxExemptionReasonCode"_s },
            { u"VATEX-EU-79-C"_s, TX + u"/ram:ExemptionReasonCode"_s } },
        // The second reference document is BT-18 (invoiced object, type code 130), not a BG-24.
        { "BG-24 count", [](const InvoiceModel &m) { return countOf(m.supportingDocuments.size()); },
            { u"1"_s, {} }, { u"1"_s, {} } },
        { "BT-18", [](const InvoiceModel &m) { return m.invoicedObjectId; },
            { u"METER-4711"_s, U + u"/cac:AdditionalDocumentReference[2]/cbc:ID"_s },
            { u"METER-4711"_s, AGR + u"/ram:AdditionalReferencedDocument[2]/ram:IssuerAssignedID"_s } },
        { "BT-18 scheme", [](const InvoiceModel &m) { return qualifierOf(m.invoicedObjectId); },
            { u"AAB"_s, U + u"/cac:AdditionalDocumentReference[2]/cbc:ID"_s },
            { u"AAB"_s, AGR + u"/ram:AdditionalReferencedDocument[2]/ram:IssuerAssignedID"_s } },
        { "BT-122", [](const InvoiceModel &m) { return m.supportingDocuments.value(0).reference; },
            { u"TIMESHEET-7"_s, U + u"/cac:AdditionalDocumentReference[1]/cbc:ID"_s },
            { u"TIMESHEET-7"_s, AGR + u"/ram:AdditionalReferencedDocument[1]/ram:IssuerAssignedID"_s } },
        { "BT-125", [](const InvoiceModel &m) { return m.supportingDocuments.value(0).attachment; },
            { u"aGVsbG8="_s,
                U + u"/cac:AdditionalDocumentReference[1]/cac:Attachment/cbc:EmbeddedDocumentBinaryObject"_s },
            { u"aGVsbG8="_s, AGR + u"/ram:AdditionalReferencedDocument[1]/ram:AttachmentBinaryObject"_s } },
        { "BT-125 mimeCode",
            [](const InvoiceModel &m) { return qualifierOf(m.supportingDocuments.value(0).attachment); },
            { u"application/pdf"_s,
                U + u"/cac:AdditionalDocumentReference[1]/cac:Attachment/cbc:EmbeddedDocumentBinaryObject"_s },
            { u"application/pdf"_s,
                AGR + u"/ram:AdditionalReferencedDocument[1]/ram:AttachmentBinaryObject"_s } },
        { "BT-125 filename",
            [](const InvoiceModel &m) { return m.supportingDocuments.value(0).attachmentFilename; },
            { u"timesheet.pdf"_s,
                U + u"/cac:AdditionalDocumentReference[1]/cac:Attachment/cbc:EmbeddedDocumentBinaryObject"_s },
            { u"timesheet.pdf"_s,
                AGR + u"/ram:AdditionalReferencedDocument[1]/ram:AttachmentBinaryObject"_s } },
        { "BG-25 count", [](const InvoiceModel &m) { return countOf(m.lines.size()); }, { u"1"_s, {} },
            { u"1"_s, {} } },
        { "BT-126", [](const InvoiceModel &m) { return m.lines.value(0).id; },
            { u"L-7"_s, UL + u"/cbc:ID"_s },
            { u"L-7"_s, LINE + u"/ram:AssociatedDocumentLineDocument/ram:LineID"_s } },
        { "BT-129", [](const InvoiceModel &m) { return m.lines.value(0).quantity; },
            { u"10"_s, UL + u"/cbc:InvoicedQuantity"_s },
            { u"10"_s, LINE + u"/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity"_s } },
        { "BT-130", [](const InvoiceModel &m) { return qualifierOf(m.lines.value(0).quantity); },
            { u"KGM"_s, UL + u"/cbc:InvoicedQuantity"_s },
            { u"KGM"_s, LINE + u"/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity"_s } },
        { "BT-131", [](const InvoiceModel &m) { return m.lines.value(0).netAmount; },
            { u"947.50"_s, UL + u"/cbc:LineExtensionAmount"_s },
            { u"947.50"_s,
                LSET + u"/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount"_s } },
        { "BT-134", [](const InvoiceModel &m) { return m.lines.value(0).periodStart; },
            { u"2024-02-05"_s, UL + u"/cac:InvoicePeriod/cbc:StartDate"_s },
            { u"20240205"_s, LSET + u"/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString"_s } },
        { "BT-135", [](const InvoiceModel &m) { return m.lines.value(0).periodEnd; },
            { u"2024-02-25"_s, UL + u"/cac:InvoicePeriod/cbc:EndDate"_s },
            { u"20240225"_s, LSET + u"/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString"_s } },
        { "BG-27 count", [](const InvoiceModel &m) { return countOf(m.lines.value(0).allowances.size()); },
            { u"1"_s, {} }, { u"1"_s, {} } },
        { "BT-136", [](const InvoiceModel &m) { return m.lines.value(0).allowances.value(0).amount; },
            { u"10.00"_s, UL + u"/cac:AllowanceCharge[1]/cbc:Amount"_s },
            { u"10.00"_s, LSET + u"/ram:SpecifiedTradeAllowanceCharge[1]/ram:ActualAmount"_s } },
        { "BG-28 count", [](const InvoiceModel &m) { return countOf(m.lines.value(0).charges.size()); },
            { u"1"_s, {} }, { u"1"_s, {} } },
        { "BT-141", [](const InvoiceModel &m) { return m.lines.value(0).charges.value(0).amount; },
            { u"7.50"_s, UL + u"/cac:AllowanceCharge[2]/cbc:Amount"_s },
            { u"7.50"_s, LSET + u"/ram:SpecifiedTradeAllowanceCharge[2]/ram:ActualAmount"_s } },
        { "BT-146", [](const InvoiceModel &m) { return m.lines.value(0).netPrice; },
            { u"95.00"_s, UL + u"/cac:Price/cbc:PriceAmount"_s },
            { u"95.00"_s, LAGR + u"/ram:NetPriceProductTradePrice/ram:ChargeAmount"_s } },
        { "BT-147", [](const InvoiceModel &m) { return m.lines.value(0).priceDiscount; },
            { u"5.00"_s, UL + u"/cac:Price/cac:AllowanceCharge/cbc:Amount"_s },
            { u"5.00"_s,
                LAGR
                    + u"/ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount"_s } },
        { "BT-148", [](const InvoiceModel &m) { return m.lines.value(0).grossPrice; },
            { u"100.00"_s, UL + u"/cac:Price/cac:AllowanceCharge/cbc:BaseAmount"_s },
            { u"100.00"_s, LAGR + u"/ram:GrossPriceProductTradePrice/ram:ChargeAmount"_s } },
        { "BT-149", [](const InvoiceModel &m) { return m.lines.value(0).baseQuantity; },
            { u"1"_s, UL + u"/cac:Price/cbc:BaseQuantity"_s },
            { u"1"_s, LAGR + u"/ram:NetPriceProductTradePrice/ram:BasisQuantity"_s } },
        { "BT-151", [](const InvoiceModel &m) { return m.lines.value(0).vatCategory; },
            { u"S"_s, UL + u"/cac:Item/cac:ClassifiedTaxCategory/cbc:ID"_s },
            { u"S"_s, LSET + u"/ram:ApplicableTradeTax/ram:CategoryCode"_s } },
        { "BT-152", [](const InvoiceModel &m) { return m.lines.value(0).vatRate; },
            { u"19"_s, UL + u"/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent"_s },
            { u"19"_s, LSET + u"/ram:ApplicableTradeTax/ram:RateApplicablePercent"_s } },
        { "BT-153", [](const InvoiceModel &m) { return m.lines.value(0).itemName; },
            { u"Espresso beans"_s, UL + u"/cac:Item/cbc:Name"_s },
            { u"Espresso beans"_s, LINE + u"/ram:SpecifiedTradeProduct/ram:Name"_s } },
        { "BT-157", [](const InvoiceModel &m) { return m.lines.value(0).standardIdentifier; },
            { u"04012345678901"_s, UL + u"/cac:Item/cac:StandardItemIdentification/cbc:ID"_s },
            { u"04012345678901"_s, LINE + u"/ram:SpecifiedTradeProduct/ram:GlobalID"_s } },
        { "BT-157 scheme",
            [](const InvoiceModel &m) { return qualifierOf(m.lines.value(0).standardIdentifier); },
            { u"0160"_s, UL + u"/cac:Item/cac:StandardItemIdentification/cbc:ID"_s },
            { u"0160"_s, LINE + u"/ram:SpecifiedTradeProduct/ram:GlobalID"_s } },
        { "BT-158", [](const InvoiceModel &m) { return m.lines.value(0).classifications.value(0); },
            { u"090121"_s, UL + u"/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode"_s },
            { u"090121"_s,
                LINE + u"/ram:SpecifiedTradeProduct/ram:DesignatedProductClassification/ram:ClassCode"_s } },
        { "BT-158 listID",
            [](const InvoiceModel &m) { return qualifierOf(m.lines.value(0).classifications.value(0)); },
            { u"HS"_s, UL + u"/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode"_s },
            { u"HS"_s,
                LINE + u"/ram:SpecifiedTradeProduct/ram:DesignatedProductClassification/ram:ClassCode"_s } },
    };
}

// Only the UBL column is used: CII has no separate credit-note document.
QList<Row> creditNoteRows()
{
    const QString cn = u"/CreditNote"_s;
    return {
        { "BT-1", [](const InvoiceModel &m) { return m.invoiceNumber; },
            { u"CN-2024-0007"_s, cn + u"/cbc:ID"_s }, {} },
        { "BT-3", [](const InvoiceModel &m) { return m.typeCode; },
            { u"381"_s, cn + u"/cbc:CreditNoteTypeCode"_s }, {} },
        { "BT-9", [](const InvoiceModel &m) { return m.dueDate; },
            { u"2024-04-19"_s, cn + u"/cac:PaymentMeans/cbc:PaymentDueDate"_s }, {} },
        { "BT-11", [](const InvoiceModel &m) { return m.projectReference; },
            { u"PRJ-BETA"_s, cn + u"/cac:AdditionalDocumentReference/cbc:ID"_s }, {} },
        { "BG-24 count", [](const InvoiceModel &m) { return countOf(m.supportingDocuments.size()); },
            { u"0"_s, {} }, {} },
        { "BG-25 count", [](const InvoiceModel &m) { return countOf(m.lines.size()); }, { u"1"_s, {} }, {} },
        { "BT-126", [](const InvoiceModel &m) { return m.lines.value(0).id; },
            { u"CL-1"_s, cn + u"/cac:CreditNoteLine/cbc:ID"_s }, {} },
        { "BT-129", [](const InvoiceModel &m) { return m.lines.value(0).quantity; },
            { u"3"_s, cn + u"/cac:CreditNoteLine/cbc:CreditedQuantity"_s }, {} },
        { "BT-130", [](const InvoiceModel &m) { return qualifierOf(m.lines.value(0).quantity); },
            { u"H87"_s, cn + u"/cac:CreditNoteLine/cbc:CreditedQuantity"_s }, {} },
        { "BT-131", [](const InvoiceModel &m) { return m.lines.value(0).netAmount; },
            { u"30.00"_s, cn + u"/cac:CreditNoteLine/cbc:LineExtensionAmount"_s }, {} },
    };
}

void compareTerm(const Term &actual, const Expected &expected)
{
    // Value and path in one comparison: one row, one verdict.
    const QString found = actual.value + u" at "_s + actual.path.toString();
    const QString wanted = expected.value + u" at "_s + expected.path;
    QCOMPARE(found, wanted);
}

InvoiceModel read(const QByteArray &xml)
{
    ades::Result<XmlDocument> doc = XmlDocument::parse(xml);
    if (!doc.ok())
        return {};
    return InvoiceReader::read(std::make_shared<const XmlDocument>(std::move(doc.value())))
        .value_or(InvoiceModel());
}

} // namespace

void TestEinvoiceModelTerms::initTestCase()
{
    QVERIFY(XmlDocument::parse(UblInvoice).ok());
    QVERIFY(XmlDocument::parse(CiiInvoice).ok());
    m_ubl = read(UblInvoice);
    m_cii = read(CiiInvoice);
    m_creditNote = read(UblCreditNote);
    QCOMPARE(m_ubl.syntax, InvoiceModel::Syntax::Ubl);
    QCOMPARE(m_ubl.rootPath, u"/Invoice"_s);
    QCOMPARE(m_cii.syntax, InvoiceModel::Syntax::Cii);
    QCOMPARE(m_cii.rootPath, u"/rsm:CrossIndustryInvoice"_s);
    QCOMPARE(m_creditNote.rootPath, u"/CreditNote"_s);
}

void TestEinvoiceModelTerms::term_data()
{
    QTest::addColumn<bool>("ubl");
    QTest::addColumn<int>("row");
    const QList<Row> all = rows();
    for (int i = 0; i < all.size(); ++i) {
        QTest::addRow("UBL %s", all[i].bt) << true << i;
        QTest::addRow("CII %s", all[i].bt) << false << i;
    }
}

void TestEinvoiceModelTerms::term()
{
    QFETCH(bool, ubl);
    QFETCH(int, row);
    const Row r = rows().at(row);
    const Expected &expected = ubl ? r.ubl : r.cii;
    compareTerm(r.get(ubl ? m_ubl : m_cii), expected);
}

void TestEinvoiceModelTerms::creditNoteTerm_data()
{
    QTest::addColumn<int>("row");
    const QList<Row> all = creditNoteRows();
    for (int i = 0; i < all.size(); ++i)
        QTest::addRow("UBL %s", all[i].bt) << i;
}

void TestEinvoiceModelTerms::creditNoteTerm()
{
    QFETCH(int, row);
    const Row r = creditNoteRows().at(row);
    compareTerm(r.get(m_creditNote), r.ubl);
}

QTEST_GUILESS_MAIN(TestEinvoiceModelTerms)
#include "TestEinvoiceModelTerms.moc"
