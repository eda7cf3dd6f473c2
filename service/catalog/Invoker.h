#pragma once

#include "Operation.h"

namespace ades {

// The shared part of every channel's call path: schema defaults, validation (422 naming the wire field),
// then the handler. Channels add their gate before and their body format after.
class Invoker
{
public:
    // Validated, default-filled schema arguments, or the 422 that names the field by its wire name. Move
    // the arguments in when they may hold a document: filling in defaults then copies nothing.
    static Result<QJsonObject> prepare(
        const Operation &operation, const Exposure &exposure, QJsonObject arguments);
    // prepare() then the handler; `done` runs once on the calling thread.
    static void invoke(const Operation &operation, const Exposure &exposure, QJsonObject arguments,
        const CallContext &context, Completion done);
};

} // namespace ades
