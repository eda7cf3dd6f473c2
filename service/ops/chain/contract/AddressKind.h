#pragma once

#include "ops/chain/abi/EvmAddress.h"

#include <QJsonObject>
#include <QString>
#include <optional>

namespace ades::chain {

struct ChainInfo;

// What live bytecode says an address is (SPEC.md §2.5 address types). Pure: the code and the chain in,
// the classification out.
struct AddressKind
{
    enum class Type
    {
        DeployedContract,
        EoaOrEmpty, // no code: an externally owned account, or nothing ever happened there
        PrecompileOrSystem, // an EVM precompile or a chain's system contract / predeploy
    };

    Type type = Type::EoaOrEmpty;
    // EIP-7702: an EOA whose code is the designator 0xef0100 || address runs that address's code.
    std::optional<EvmAddress> delegatedTo;
    QString systemName; // "ecrecover", "OP-stack predeploy", ... for PrecompileOrSystem

    static AddressKind classify(const ChainInfo &chain, const EvmAddress &address, const QByteArray &code);
    static QString typeName(Type type); // "deployed_contract", "eoa_or_empty", "precompile_or_system_address"
    QJsonObject toJson() const;
};

} // namespace ades::chain
