#pragma once

#include "area/Area.h"
#include "area/AreaContext.h"

#include <memory>
#include <optional>

namespace ades::eu {

class SanctionsLists;
class ViesArchive;
class ViesGate;

// The EU compliance area: IBAN, VAT (VIES), VAT rules, sanctions screening, the counterparty check (with
// GLEIF), e-invoice validation and company register lookups. Owns the sanctions lists kept in the data
// folder, their screening index and the refresh timer, and the VIES gate and answer archive every VIES caller
// shares.
class EuArea : public Area
{
public:
    EuArea();
    ~EuArea() override;

    QString name() const override;
    SettingSpecs settings() const override;
    QList<UpstreamSource> sources() const override;
    void registerOperations(Catalog &catalog, const AreaContext &context) override;
    void warmUp() override;
    void startRecurring(QObject *owner) override;
    QJsonObject health() const override;
    QList<AreaCommand> commands() const override;
    QList<AreaAction> actions() const override;

    // The kept lists and their index; exists once registerOperations() ran.
    SanctionsLists &sanctions() const { return *m_sanctions; }

private:
    std::optional<AreaContext> m_context;
    std::unique_ptr<SanctionsLists> m_sanctions;
    std::unique_ptr<ViesGate> m_viesGate; // every VIES request of the service passes it
    std::unique_ptr<ViesArchive> m_viesArchive;
};

} // namespace ades::eu
