package hlo

import (
	"google.golang.org/protobuf/proto"

	pb "github.com/zmlc/zmlc/targets/hlo/xlapb"
)

// Marshal serialises m as binary protobuf (the bytes PJRT's "hlo" program
// format and `--emit=hlo-proto` take), deterministically: the same module
// gives the same bytes.
func Marshal(m *pb.HloModuleProto) ([]byte, error) {
	return proto.MarshalOptions{Deterministic: true}.Marshal(m)
}

// CompileOptions returns the serialised CompileOptionsProto that
// PJRT_Client_Compile takes (xla/pjrt/proto/compile_options.proto):
// replicas x partitions devices, device_assignment mapping replica r of
// partition p to device p*replicas + r (the default assignment of one
// process), SPMD partitioning when partitions > 1, and the DebugOptions
// override xla_cpu_enable_fast_min_max=false: XLA's CPU compiler
// otherwise lets maximum and minimum drop NaNs, where StableHLO's
// maximum and minimum propagate them (spec: maximum, minimum).
func CompileOptions(replicas, partitions int) ([]byte, error) {
	replicas, partitions = max(replicas, 1), max(partitions, 1)
	da := &pb.DeviceAssignmentProto{ReplicaCount: int32(replicas), ComputationCount: int32(partitions)}
	for p := range partitions {
		cd := &pb.DeviceAssignmentProto_ComputationDevice{}
		for r := range replicas {
			cd.ReplicaDeviceIds = append(cd.ReplicaDeviceIds, int64(p*replicas+r))
		}
		da.ComputationDevices = append(da.ComputationDevices, cd)
	}
	o := &pb.CompileOptionsProto{ExecutableBuildOptions: &pb.ExecutableBuildOptionsProto{
		DeviceOrdinal: -1, NumReplicas: int64(replicas), NumPartitions: int64(partitions),
		UseSpmdPartitioning: partitions > 1, DeviceAssignment: da},
		EnvOptionOverrides: map[string]*pb.OptionOverrideProto{
			"xla_cpu_enable_fast_min_max": {Value: &pb.OptionOverrideProto_BoolField{BoolField: false}},
		}}
	return proto.MarshalOptions{Deterministic: true}.Marshal(o)
}
