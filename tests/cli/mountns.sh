# mountns.sh: sourced first by a test that mounts file systems (a small
# tmpfs, a read-only bind mount): runs the test again in a user and mount
# namespace of its own (unshare -rm), so that its mounts need no root and
# leave the machine as it was; where none can be made, the test is
# skipped with a line that says so.
if [ -z "${FOLIO_MOUNT_NS:-}" ]; then
	if ! unshare -rm true 2>/dev/null; then
		echo "skipped: no mount namespace (unshare -rm) here"
		exit 0
	fi
	FOLIO_MOUNT_NS=1 exec unshare -rm bash "$0" "$@"
fi
