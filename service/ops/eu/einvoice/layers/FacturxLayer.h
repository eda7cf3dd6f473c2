#pragma once

#include "RuleLayer.h"

#include <memory>

namespace ades::eu {

// A Factur-X 1.08 / ZUGFeRD 2.4 profile rule set (FeRD's profile Schematron): the profile's structure rules
// as a table (resources/einvoice/facturx-<profile>-rules.txt, SyntaxBindingRules format) and its other
// rules, most of them restating EN 16931 rules under FX-SCH-A ids, in C++.
class FacturxLayer : public RuleLayer
{
public:
    using Rules = void (*)(const XmlDocument &, QList<Finding> &);

    FacturxLayer(QString name, QString artefact, QString table, Rules rules);

    QString name() const override { return m_name; }
    QString artefact() const override { return m_artefact; }
    void check(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &out) const override;

    // The MINIMUM profile (layer "facturx-MINIMUM").
    static std::unique_ptr<RuleLayer> minimum();
    // The BASIC profile (layer "facturx-BASIC").
    static std::unique_ptr<RuleLayer> basic();
    // The EN16931 profile (layer "facturx-EN16931").
    static std::unique_ptr<RuleLayer> en16931();
    // The BASIC WL profile (layer "facturx-BASIC-WL").
    static std::unique_ptr<RuleLayer> basicWl();
    // The EXTENDED profile (layer "facturx-EXTENDED").
    static std::unique_ptr<RuleLayer> extended();

private:
    QString m_name;
    QString m_artefact;
    QString m_table;
    Rules m_rules;
};

} // namespace ades::eu
